#!/usr/bin/env bash
# Fuzzes for as long as you like: every libFuzzer target (or those named) for SECONDS
# each, round after round until ROUNDS are done (default 1), keeping each target's
# corpus in build/sanitize/fuzz/<target>/ between runs and sessions of this checkout.
# A crash stops the run and leaves its input there. The executions of every run are
# logged in build/sanitize/fuzz/log.tsv; the total is printed at the end.
#   bash scripts/fuzz.sh [SECONDS] [ROUNDS] [TARGET...]     e.g. bash scripts/fuzz.sh 600 6
set -euo pipefail
HERE="$(dirname "${BASH_SOURCE[0]}")"
SECONDS_EACH="${1:-300}"
ROUNDS="${2:-1}"
shift $(( $# > 2 ? 2 : $# ))
source "$HERE/setup.sh"
source "$HERE/sanitize.sh"
TARGETS=("$@")
[ ${#TARGETS[@]} -eq 0 ] && TARGETS=(fuzz_scenario fuzz_lab)

seeds() {
  case "$1" in
    fuzz_scenario) echo "$ROOT/examples $ROOT/tests/regression" ;;
    fuzz_lab) echo "$ROOT/examples $ROOT/tests/fuzz/seeds/lab" ;;
  esac
}

for ((round = 1; round <= ROUNDS; round++)); do
  for t in "${TARGETS[@]}"; do
    # shellcheck disable=SC2046
    bash "$ROOT/tests/fuzz/run.sh" "$SANITIZE_BUILD/tests/fuzz/$t" "$SECONDS_EACH" "$SANITIZE_BUILD/fuzz/$t" \
      "$ROOT/tests/fuzz/kubernetes.dict" $(seeds "$t")
  done
done
awk -F'\t' '{ n[$2] += $4; s[$2] += $3; total += $4 } END {
  for (t in n) printf "%s: %d executions in %d s over all runs\n", t, n[t], s[t]; printf "total: %d executions\n", total }' \
  "$SANITIZE_BUILD/fuzz/log.tsv"
