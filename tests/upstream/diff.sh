#!/usr/bin/env bash
# Differential test: spreadlab vs the real kube-scheduler framework (kube-cycle).
#
#   bash tests/upstream/diff.sh [diff.py options] FILE...      # e.g. examples/*.json examples/*.yaml
#   SPREADLAB=/path/to/spreadlab bash tests/upstream/diff.sh ...
#
# Builds kube-cycle (into ~/.cache/spreadlab-upstream/, or $KUBE_CYCLE) when it is missing or older than its sources (the first build
# compiles k8s.io/kubernetes: ~7 minutes on 2 cores; later ones take seconds), then runs
# diff.py. Exit status 1 when any scenario differs.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# Built outside the work tree (a 120 MB binary must never be committed).
bin=${KUBE_CYCLE:-${XDG_CACHE_HOME:-$HOME/.cache}/spreadlab-upstream/kube-cycle}
if [[ ! -x $bin || -n $(find "$here/cmd/kube-cycle" "$here/go.mod" "$here/go.sum" -newer "$bin" -print -quit) ]]; then
  echo "building $bin ..." >&2
  mkdir -p "$(dirname "$bin")"
  (cd "$here" && nice -n 10 go build -tags "$(cat build-tags 2>/dev/null || true)" -o "$bin" ./cmd/kube-cycle)
fi
exec python3 "$here/diff.py" --kube-cycle "$bin" "$@"
