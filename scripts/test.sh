#!/usr/bin/env bash
# Sets everything up and runs every test: the native suites (unit, plugin tables,
# golden, CLI end to end) and then the browser tests of the wasm lab (which build
# it first; the first build compiles SDL2 for wasm and takes a while).
set -euo pipefail
HERE="$(dirname "${BASH_SOURCE[0]}")"
source "$HERE/setup.sh"
(cd "$BUILD" && ctest --output-on-failure -j "$(nproc)")
bash "$HERE/web-test.sh"
