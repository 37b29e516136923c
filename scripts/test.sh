#!/usr/bin/env bash
# Sets everything up and runs every test: the native suites (unit, plugin tables,
# golden, CLI end to end); the linters (scripts/lint.sh: clang-format, clang-tidy); the differential test against the real kube-scheduler
# (scripts/upstream-test.sh: every example and 300 generated scenarios, newest release, end
# to end and over time as well);
# the same suites built with ASan + UBSan, the sanitized CLI
# over every example and regression input, and each fuzz target for a short fixed
# time; then the browser tests of the wasm lab (which build it first; the first
# build compiles SDL2 for wasm and takes a while).
# Each part's wall time is printed as it ends ("test: ... took N s"), for the README's figures.
set -euo pipefail
HERE="$(dirname "${BASH_SOURCE[0]}")"
took() { echo "test: $1 took $((SECONDS - mark)) s ($SECONDS s in all)"; mark=$SECONDS; }
mark=$SECONDS
source "$HERE/setup.sh"
took "setup and the native build"
(cd "$BUILD" && ctest --output-on-failure -j "$(nproc)")
took "the native suites"
bash "$HERE/lint.sh"
took "the linters"
bash "$HERE/upstream-test.sh" 300
took "the differential test against upstream"
source "$HERE/sanitize.sh"
took "the sanitized build"
(cd "$SANITIZE_BUILD" && ctest --output-on-failure -j "$(nproc)")
took "the sanitized suites and the fuzz targets"
bash "$HERE/web-test.sh"
took "the wasm build and the browser tests"
