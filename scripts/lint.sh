#!/usr/bin/env bash
# The code's habits, checked (part of scripts/test.sh): every C++ file under src/ is
# formatted as .clang-format says, and clang-tidy (.clang-tidy: bugprone, performance,
# no function over 120 lines) finds nothing in the UI-free code (src/core, src/io, src/controlplane, src/simulator, src/contracts,
# src/cli, src/app/model) compiled as the native build compiles it. The ImGui panels are
# built by Emscripten, whose flags clang-tidy does not take; they are formatted all the same.
#   bash scripts/lint.sh            (after scripts/setup.sh has built $BUILD)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${SPREADLAB_BUILD_DIR:-$ROOT/build}"
cd "$ROOT"
mapfile -t sources < <(find src -name '*.cpp' -o -name '*.h' | sort)
clang-format-14 --dry-run --Werror "${sources[@]}"
echo "lint: clang-format: ${#sources[@]} files as .clang-format says"
mapfile -t tidy < <(find src/core src/io src/controlplane src/simulator src/contracts src/cli src/app/model -name '*.cpp' | sort)
printf '%s\n' "${tidy[@]}" | xargs -P "$(nproc)" -n 4 clang-tidy-14 -p "$BUILD" --quiet 2> >(grep -v "warnings generated\|^Suppressed\|^Use -header-filter" >&2)
echo "lint: clang-tidy: ${#tidy[@]} files, no finding"
