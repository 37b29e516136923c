#!/usr/bin/env bash
# Sets everything up and runs the benchmarks (numbers for the README).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
exec "$BUILD/tests/spreadlab_bench" "$@"
