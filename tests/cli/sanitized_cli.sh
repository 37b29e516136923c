#!/usr/bin/env bash
# Every verb of a sanitized spreadlab (ASan + UBSan, stopping at the first report)
# over every example and regression input, in every format: no sanitizer report, and
# the documented exit codes only (0 ran, 1 framework error, 2 bad input).
# Usage: SPREADLAB=path/to/spreadlab sanitized_cli.sh REPO_ROOT
set -uo pipefail
ROOT="$1"
BIN="${SPREADLAB:?set SPREADLAB to the binary}"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:exitcode=86}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1:exitcode=87}"
pass=0
fail=0

run() {  # allowed exit codes (e.g. "0 1"), command...
  local allowed="$1" out rc
  shift
  out="$("$@" 2>&1 >/dev/null)"
  rc=$?
  if [[ " $allowed " != *" $rc "* ]] || [[ "$out" == *"Sanitizer"* ]] || [[ "$out" == *"runtime error:"* ]]; then
    echo "FAIL (exit $rc): ${*#"$BIN "}"
    echo "$out" | head -40
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
}

for f in "$ROOT"/examples/*.json "$ROOT"/examples/*.yaml "$ROOT"/tests/regression/*.json; do
  # A scenario whose pods are all bound (a scale-down) has no pod to explain: exit 2 there.
  pending="0 1"
  "$BIN" explain "$f" >/dev/null 2>&1 || [ $? -ne 2 ] || pending="0 1 2"
  # A profile kube-scheduler refuses (a regression input): every verb that builds a framework
  # says so, exit 2.
  placed="0 1"
  "$BIN" schedule "$f" >/dev/null 2>&1 || [ $? -ne 2 ] || placed="0 1 2"
  for format in table json yaml; do
    run "$pending" "$BIN" explain "$f" --format "$format"
    run "$placed" "$BIN" schedule "$f" --format "$format"
    run "$pending" "$BIN" why "$f" --format "$format"
    run "$pending" "$BIN" compare "$f" "$f" --format "$format"
  done
  run "$pending" "$BIN" why "$f" --all
  run "0" "$BIN" export "$f"
done
# The reproducer of the use-after-free: the conflict report, exit 0.
run "0" "$BIN" why "$ROOT/tests/regression/why-use-after-free.json"

echo "sanitized CLI: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
