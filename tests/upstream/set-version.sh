#!/usr/bin/env bash
# Point the harness at another upstream release: rewrites go.mod (and go.sum) to
# require k8s.io/kubernetes vX.Y.Z, with every staging module k8s.io/kubernetes's own
# go.mod lists at v0.0.0 replaced by v0.Y.Z, as any consumer of k8s.io/kubernetes must.
#
#   bash tests/upstream/set-version.sh 1.37.2     # the default
#   bash tests/upstream/set-version.sh 1.36.3
#
# Needs the Go module proxy (GOPROXY default). kube-cycle reports the version it was
# built against (runtime/debug build info), so the output always says which it ran.
set -euo pipefail
cd "$(dirname "$0")"
ver=${1:?usage: set-version.sh X.Y.Z (e.g. 1.37.2)}
ver=${ver#v}
[[ $ver =~ ^1\.([0-9]+)\.([0-9]+)$ ]] || { echo "set-version.sh: want X.Y.Z, got $ver" >&2; exit 2; }
minor=${BASH_REMATCH[1]}
staging="v0.${BASH_REMATCH[1]}.${BASH_REMATCH[2]}"

dir=$(go mod download -json "k8s.io/kubernetes@v$ver" | python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')
gover=$(awk '$1 == "go" {print $2; exit}' "$dir/go.mod")
mods=$(awk '$1 ~ /^k8s\.io\// && $2 == "v0.0.0" {print $1}' "$dir/go.mod" | sort -u)

{
  echo "module spreadlab.dev/upstream"
  echo
  echo "go $gover"
  echo
  echo "require k8s.io/kubernetes v$ver"
  echo
  echo "// k8s.io/kubernetes requires its staging modules at v0.0.0 (replaced by ./staging in"
  echo "// its own tree); a consumer maps each to the published v0.$(cut -d. -f2- <<<"$ver")."
  echo "replace ("
  for m in $mods; do echo "	$m => $m $staging"; done
  echo ")"
} > go.mod
# kube-cycle's Go files that differ by release (a constructor's signature) are chosen by
# build tag; diff.sh builds with the tags this file lists.
if (( minor < 36 )); then echo k8s_pre136 > build-tags; else rm -f build-tags; fi
rm -f go.sum
nice -n 10 go mod tidy
echo "go.mod now requires k8s.io/kubernetes v$ver ($(wc -w <<<"$mods") staging modules at $staging)"
