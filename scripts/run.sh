#!/usr/bin/env bash
# Sets everything up and runs the main job: explain the default example.
# Extra arguments replace the default command, e.g. `scripts/run.sh schedule examples/conflict.json`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
if [ $# -eq 0 ]; then
  set -- explain "$ROOT/examples/one-constraint.json"
fi
exec "$BUILD/spreadlab" "$@"
