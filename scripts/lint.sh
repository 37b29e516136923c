#!/usr/bin/env bash
# The code's habits, checked (part of scripts/test.sh): every C++ file under src/ is
# formatted as .clang-format says, and clang-tidy (.clang-tidy: bugprone, performance,
# no function over 120 lines) finds nothing in the UI-free code (src/core, src/io, src/controlplane, src/autoscaler, src/simulator, src/contracts,
# src/cli, src/app/model) compiled as the native build compiles it. The ImGui app (ui.cpp,
# the panels, the desktop main) needs ImGui and SDL2, which the native build lacks: `--app DIR`
# holds it to the function size (no function over 120 lines) with DIR's compile database, the
# desktop build's (scripts/web-test.sh does, after `scripts/web-build.sh --desktop`; the lab's
# wasm flags are Emscripten's, which clang-tidy does not take). Only that check: drawing code
# turns counts into float pixels on every line, which bugprone-narrowing-conversions flags.
#   bash scripts/lint.sh            (after scripts/setup.sh has built $BUILD)
#   bash scripts/lint.sh --app DIR  (after scripts/web-build.sh --desktop has configured DIR)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${SPREADLAB_BUILD_DIR:-$ROOT/build}"
cd "$ROOT"
tidy_quietly() {  # clang-tidy [ARGS...] over the files on stdin with the compile database $1; silent when clean
  xargs -P "$(nproc)" -n 4 clang-tidy-14 -p "$@" --quiet 2> >(grep -v "warnings generated\|^Suppressed\|^Use -header-filter" >&2)
}
if [ "${1:-}" = --app ]; then
  [ -f "${2:-}/compile_commands.json" ] || { echo "lint: --app DIR: no compile_commands.json in '${2:-}'" >&2; exit 2; }
  mapfile -t app < <({ find src/app -maxdepth 1 -name '*.cpp'; find src/app/panels src/app/platform -name '*.cpp' ! -name main_web.cpp; } | sort)
  printf '%s\n' "${app[@]}" | tidy_quietly "$2" --checks='-*,readability-function-size'
  echo "lint: clang-tidy: ${#app[@]} files of the ImGui app, no function over 120 lines"
  exit 0
fi
mapfile -t sources < <(find src -name '*.cpp' -o -name '*.h' | sort)
clang-format-14 --dry-run --Werror "${sources[@]}"
echo "lint: clang-format: ${#sources[@]} files as .clang-format says"
mapfile -t tidy < <(find src/core src/io src/controlplane src/autoscaler src/simulator src/contracts src/cli src/app/model -name '*.cpp' | sort)
printf '%s\n' "${tidy[@]}" | tidy_quietly "$BUILD"
echo "lint: clang-tidy: ${#tidy[@]} files, no finding"
