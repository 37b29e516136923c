#!/usr/bin/env bash
# The full differential matrix: for each release (default: every one the Go module proxy
# serves that the harness builds with), kube-cycle built against it, over every example,
# the found scenarios and COUNT generated scenarios per seed. Reports per release; spreadlab
# follows the newest release, so an older one shows the rules that changed since (e.g.
# 1.34's BalancedAllocation formula, before kubernetes#135573). go.mod is put back after.
#   bash scripts/upstream-matrix.sh [COUNT] [VERSION...]     e.g. bash scripts/upstream-matrix.sh 1000 1.36.3 1.37.2
set -uo pipefail
HERE="$(dirname "${BASH_SOURCE[0]}")"
source "$HERE/setup.sh"
COUNT="${1:-1000}"
[ $# -gt 0 ] && shift
VERSIONS=(1.34.4 1.35.4 1.36.3 1.37.2)
[ $# -gt 0 ] && VERSIONS=("$@")
UP="$ROOT/tests/upstream"
cp "$UP/go.mod" "$UP/go.sum" "$BUILD/" && trap 'cp "$BUILD/go.mod" "$BUILD/go.sum" "$UP/"' EXIT
status=0
for seed in 1 2 3; do
  python3 "$UP/gen.py" --seed "$seed" --count "$COUNT" --out "$BUILD/upstream-matrix/gen-$seed" --extras >/dev/null
done
for v in "${VERSIONS[@]}"; do
  echo "== kube-scheduler $v"
  bash "$UP/set-version.sh" "$v" >/dev/null || { echo "cannot build against $v"; status=1; continue; }
  KUBE_CYCLE="${XDG_CACHE_HOME:-$HOME/.cache}/spreadlab-upstream/kube-cycle-$v" SPREADLAB="$BUILD/spreadlab" \
    bash "$UP/diff.sh" -q --group "$ROOT"/examples/*.json "$ROOT"/examples/*.yaml "$UP"/found/*.json \
    "$BUILD"/upstream-matrix/gen-*/*.json || status=1
done
exit "$status"
