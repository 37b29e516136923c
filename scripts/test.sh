#!/usr/bin/env bash
# Sets everything up and runs every test (unit, plugin tables, golden, CLI end to end).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
cd "$BUILD"
ctest --output-on-failure -j "$(nproc)"
