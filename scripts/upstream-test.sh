#!/usr/bin/env bash
# The differential test against the real kube-scheduler (tests/upstream/README.md): every
# example, the scenarios found so far and COUNT generated ones (default 300, seed 1, with
# the extra features), run through spreadlab and through kube-scheduler's own framework
# at the release tests/upstream/go.mod names; then end to end (diff.py --loop: the real
# scheduling loop, pods created one at a time) on the examples, the found scenarios and
# 2*COUNT/3 generated sequences of up to 5 pending pods; then over time (diff.py --simulate:
# upstream's controllers and scheduler beside `simulate`) on every YAML example and COUNT/5
# generated stories (gen_events.py, seed 1; scripts/upstream-matrix.sh runs more). Fails on
# any difference. The first run builds kube-cycle from the Go module proxy (~7 minutes on 2
# cores).
#   bash scripts/upstream-test.sh [COUNT]
set -euo pipefail
HERE="$(dirname "${BASH_SOURCE[0]}")"
source "$HERE/setup.sh"  # the CLI in $BUILD
command -v go >/dev/null || { echo "upstream-test: Go (1.25 or newer, with the Go module proxy) is needed" >&2; exit 1; }
COUNT="${1:-300}"
OUT="$BUILD/upstream"
rm -rf "$OUT" && mkdir -p "$OUT"
python3 "$ROOT/tests/upstream/gen.py" --seed 1 --count "$COUNT" --out "$OUT/gen" --extras >/dev/null
# Storage's own sample: claims, volumes, classes and CSI objects (gen.py --volumes), a third as many.
python3 "$ROOT/tests/upstream/gen.py" --seed 2 --count "$((COUNT / 3))" --out "$OUT/gen-volumes" --extras --volumes >/dev/null
SPREADLAB="$BUILD/spreadlab" bash "$ROOT/tests/upstream/diff.sh" -q --group --report "$OUT/report.jsonl" \
  "$ROOT"/examples/*.json "$ROOT"/examples/*.yaml "$ROOT"/tests/upstream/found/*.json "$ROOT"/tests/upstream/volumes/*.json \
  "$OUT"/gen/*.json "$OUT"/gen-volumes/*.json
# End to end: the real scheduling loop against `schedule`, pod by pod (about 0.5 s a scenario).
python3 "$ROOT/tests/upstream/gen.py" --seed 1 --count "$((COUNT * 2 / 3))" --out "$OUT/gen-sequence" --extras --sequence 4 >/dev/null
SPREADLAB="$BUILD/spreadlab" bash "$ROOT/tests/upstream/diff.sh" --loop -q --group --report "$OUT/loop-report.jsonl" \
  "$ROOT"/examples/*.json "$ROOT"/examples/*.yaml "$ROOT"/tests/upstream/found/*.json "$OUT"/gen-sequence/*.json
# Over time: upstream's controllers beside the scheduler, step by step (about 1.5 s a story).
python3 "$ROOT/tests/upstream/gen_events.py" --seed 1 --count "$((COUNT / 5))" --out "$OUT/gen-stories" >/dev/null
SPREADLAB="$BUILD/spreadlab" bash "$ROOT/tests/upstream/diff.sh" --simulate -j "$(nproc)" -q --group \
  --report "$OUT/simulate-report.jsonl" "$ROOT"/examples/*.yaml "$ROOT"/tests/upstream/over-time/*.json "$OUT"/gen-stories/*.json
