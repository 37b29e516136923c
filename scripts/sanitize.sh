#!/usr/bin/env bash
# Configures and builds the sanitized tree: every target (core, CLI, unit tests) with
# AddressSanitizer and UBSan, plus the libFuzzer targets of tests/fuzz, with clang.
# Sourced by test.sh and fuzz.sh after setup.sh (which installs clang).
set -euo pipefail
SANITIZE_BUILD="${SPREADLAB_SANITIZE_BUILD_DIR:-$ROOT/build/sanitize}"
# Reports stop the program with exit codes of their own, distinct from the CLI's 0/1/2.
export ASAN_OPTIONS="detect_leaks=1:exitcode=86:abort_on_error=0"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:exitcode=87"

sanitize_build() {
  CC=clang-14 CXX=clang++-14 cmake -S "$ROOT" -B "$SANITIZE_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g" -DSPREADLAB_FUZZ=ON -DSPREADLAB_BENCHMARKS=OFF >/dev/null
  cmake --build "$SANITIZE_BUILD" -j "$(nproc)" >&2
}

sanitize_build
