#!/usr/bin/env bash
# Sets everything up and runs the main job: build the in-browser lab and serve it on
# http://127.0.0.1:8080/ with the default example loaded (scripts/web-serve.sh).
# With arguments it runs the CLI instead, e.g. `scripts/run.sh explain examples/conflict.yaml`.
set -euo pipefail
HERE="$(dirname "${BASH_SOURCE[0]}")"
source "$HERE/setup.sh"
if [ $# -eq 0 ]; then
  exec bash "$HERE/web-serve.sh"
fi
exec "$BUILD/spreadlab" "$@"
