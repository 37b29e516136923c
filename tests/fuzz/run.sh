#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS from its seed directories, keeping what it
# learns in WORKDIR/corpus between runs. A crash, leak, sanitizer report or
# timeout exits non-zero and leaves the input in WORKDIR (crash-*, leak-*, timeout-*).
# Appends "date target seconds executions" to WORKDIR/../log.tsv. SPREADLAB_FUZZ_TIME,
# when set, replaces SECONDS (scripts/fuzz.sh runs the CTest entries for longer).
#   run.sh BINARY SECONDS WORKDIR DICT SEED_DIR...
set -uo pipefail
bin="$1" seconds="${SPREADLAB_FUZZ_TIME:-$2}" work="$3" dict="$4"
shift 4
mkdir -p "$work/corpus"
name="$(basename "$bin")"
log="$work/last-run.log"
"$bin" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=16384 -dict="$dict" \
  -print_final_stats=1 -artifact_prefix="$work/" "$work/corpus" "$@" >"$log" 2>&1
rc=$?
execs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)"
printf '%s\t%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$name" "$seconds" "${execs:-0}" >>"$work/../log.tsv"
if [ "$rc" -ne 0 ]; then
  tail -n 60 "$log"
  echo "$name: failed (exit $rc); the input is kept in: $(ls -t "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* 2>/dev/null | head -n1)"
  exit 1
fi
echo "$name: ${execs:-0} executions in ${seconds}s, no crash"
