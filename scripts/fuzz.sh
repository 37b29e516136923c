#!/usr/bin/env bash
# Fuzzes for as long as you like: the test suite's fuzz targets (tests/fuzz, the CTest
# entries named fuzz_*, or those matching PATTERN; side by side, one per core) for SECONDS each, ROUNDS times
# (default 1), keeping each target's corpus in build/sanitize/fuzz/<target>/ between
# runs and sessions of this checkout. A crash stops the run and leaves its input
# there. Every run's executions are logged in build/sanitize/fuzz/log.tsv; the totals
# are printed at the end.
#   bash scripts/fuzz.sh [SECONDS] [ROUNDS] [PATTERN]     e.g. bash scripts/fuzz.sh 1800 4
set -euo pipefail
HERE="$(dirname "${BASH_SOURCE[0]}")"
SECONDS_EACH="${1:-300}"
ROUNDS="${2:-1}"
PATTERN="${3:-^fuzz_}"
source "$HERE/setup.sh"
source "$HERE/sanitize.sh"
for ((round = 1; round <= ROUNDS; round++)); do
  SPREADLAB_FUZZ_TIME="$SECONDS_EACH" ctest --test-dir "$SANITIZE_BUILD" -R "$PATTERN" -j "$(nproc)" --output-on-failure \
    --timeout $((SECONDS_EACH + 600))
done
awk -F'\t' '{ n[$2] += $4; s[$2] += $3; total += $4 } END {
  for (t in n) printf "%s: %d executions in %d s over all runs\n", t, n[t], s[t]; printf "total: %d executions\n", total }' \
  "$SANITIZE_BUILD/fuzz/log.tsv"
