#!/usr/bin/env bash
# Installs what spreadlab needs to build and test on a fresh Debian 12 machine,
# then configures and builds it. Sourced by run.sh and test.sh.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${SPREADLAB_BUILD_DIR:-$ROOT/build}"
PACKAGES=(cmake ninja-build g++ nlohmann-json3-dev libyaml-dev libcli11-dev libfmt-dev libgtest-dev libbenchmark-dev
          clang-14 libclang-rt-14-dev  # clang: the sanitized build and the fuzzers (scripts/sanitize.sh)
          clang-format-14 clang-tidy-14)  # scripts/lint.sh

install_packages() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "spreadlab: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

build() {
  cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$BUILD" -j "$(nproc)" >&2  # progress on stderr: stdout is the program's
}

install_packages
build
