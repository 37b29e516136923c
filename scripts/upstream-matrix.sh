#!/usr/bin/env bash
# The full differential matrix: for each release (default: every one the Go module proxy
# serves that the harness builds with), kube-cycle built against it, over every example,
# the found scenarios, tests/upstream/volumes and COUNT generated scenarios per seed (three
# seeds, and one of COUNT with storage objects: gen.py --volumes), spreadlab answering with
# --kube-version of that release, then end to end (diff.py --loop) on COUNT generated
# sequences, then over time (diff.py --simulate: upstream's controllers beside the
# scheduler) on the examples and COUNT random stories. Reports per release. Each release builds in its own copy
# of the harness under build/, so the checkout's go.mod stays as it is.
#   bash scripts/upstream-matrix.sh [COUNT] [VERSION...]     e.g. bash scripts/upstream-matrix.sh 1000 1.36.3 1.37.2
set -uo pipefail
HERE="$(dirname "${BASH_SOURCE[0]}")"
source "$HERE/setup.sh"
COUNT="${1:-1000}"
[ $# -gt 0 ] && shift
VERSIONS=(1.34.4 1.35.4 1.36.3 1.37.2)
[ $# -gt 0 ] && VERSIONS=("$@")
UP="$ROOT/tests/upstream"
status=0
for seed in 1 2 3; do
  python3 "$UP/gen.py" --seed "$seed" --count "$COUNT" --out "$BUILD/upstream-matrix/gen-$seed" --extras >/dev/null
done
# End to end (diff.py --loop): COUNT sequences of up to 5 pending pods.
python3 "$UP/gen.py" --seed 5 --count "$COUNT" --out "$BUILD/upstream-matrix/gen-sequence" --extras --sequence 4 >/dev/null
# Over time (diff.py --simulate): COUNT random stories, workloads and 2-5 events each.
python3 "$UP/gen_events.py" --seed 1 --count "$COUNT" --out "$BUILD/upstream-matrix/gen-events" >/dev/null
# Storage: COUNT scenarios with claims, volumes, classes and CSI objects (gen.py --volumes).
python3 "$UP/gen.py" --seed 4 --count "$COUNT" --out "$BUILD/upstream-matrix/gen-volumes" --extras --volumes >/dev/null
for v in "${VERSIONS[@]}"; do
  echo "== kube-scheduler $v"
  work="$BUILD/upstream-matrix/harness-$v"
  rm -rf "$work" && mkdir -p "$work" && cp -r "$UP/cmd" "$UP"/*.sh "$UP"/*.py "$UP/go.mod" "$UP/go.sum" "$work/"
  bash "$work/set-version.sh" "$v" >/dev/null || { echo "cannot build against $v"; status=1; continue; }
  KUBE_CYCLE="${XDG_CACHE_HOME:-$HOME/.cache}/spreadlab-upstream/kube-cycle-$v" SPREADLAB="$BUILD/spreadlab" \
    bash "$work/diff.sh" -q --group --kube-version "$(cut -d. -f1-2 <<<"$v")" \
    "$ROOT"/examples/*.json "$ROOT"/examples/*.yaml "$UP"/found/*.json "$UP"/volumes/*.json \
    "$BUILD"/upstream-matrix/gen-*/*.json || status=1
  KUBE_CYCLE="${XDG_CACHE_HOME:-$HOME/.cache}/spreadlab-upstream/kube-cycle-$v" SPREADLAB="$BUILD/spreadlab" \
    bash "$work/diff.sh" --loop -q --group --kube-version "$(cut -d. -f1-2 <<<"$v")" \
    "$ROOT"/examples/*.json "$ROOT"/examples/*.yaml "$UP"/found/*.json "$BUILD"/upstream-matrix/gen-sequence/*.json || status=1
  KUBE_CYCLE="${XDG_CACHE_HOME:-$HOME/.cache}/spreadlab-upstream/kube-cycle-$v" SPREADLAB="$BUILD/spreadlab" \
    bash "$work/diff.sh" --simulate -j 4 -q --group --kube-version "$(cut -d. -f1-2 <<<"$v")" \
    "$ROOT"/examples/*.yaml "$BUILD"/upstream-matrix/gen-events/*.json || status=1
done
exit "$status"
