#!/usr/bin/env bash
# Sets everything up and runs every test: the native suites (unit, plugin tables,
# golden, CLI end to end); the linters (scripts/lint.sh: clang-format, clang-tidy); the differential test against the real kube-scheduler
# (scripts/upstream-test.sh: every example and 300 generated scenarios, newest release);
# the same suites built with ASan + UBSan, the sanitized CLI
# over every example and regression input, and each fuzz target for a short fixed
# time; then the browser tests of the wasm lab (which build it first; the first
# build compiles SDL2 for wasm and takes a while).
set -euo pipefail
HERE="$(dirname "${BASH_SOURCE[0]}")"
source "$HERE/setup.sh"
(cd "$BUILD" && ctest --output-on-failure -j "$(nproc)")
bash "$HERE/lint.sh"
bash "$HERE/upstream-test.sh" 300
source "$HERE/sanitize.sh"
(cd "$SANITIZE_BUILD" && ctest --output-on-failure -j "$(nproc)")
bash "$HERE/web-test.sh"
