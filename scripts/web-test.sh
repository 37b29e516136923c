#!/usr/bin/env bash
# Builds the CLI (the reference the page's traces are compared with), the wasm lab and
# the native desktop app with its UI benchmark (built, not run: nothing else compiles
# main_desktop.cpp and the benchmark's host), holds the app to clang-tidy's function size with
# the desktop build's compile database (scripts/lint.sh --app), then runs the browser tests headless in
# Debian's Chromium. Screenshots go to build/web/artifacts/. Prints "N passed, M failed"
# last; non-zero exit on failure.
set -euo pipefail
HERE="$(dirname "${BASH_SOURCE[0]}")"
source "$HERE/setup.sh"       # installs, configures and builds build/ (the CLI)
bash "$HERE/web-build.sh" --desktop
source "$HERE/web-setup.sh"
bash "$HERE/lint.sh" --app "$WEB/desktop"  # no function of the panels over 120 lines
exec node "$ROOT/tests/browser/run.mjs" --site "$WEB/site" --cli "$BUILD/spreadlab" \
  --examples "$ROOT/examples" --artifacts "$WEB/artifacts" "$@"
