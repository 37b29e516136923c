#!/usr/bin/env bash
# Builds the web lab and prints its sizes, first-frame time, edit and frame times.
set -euo pipefail
"$(dirname "${BASH_SOURCE[0]}")/web-build.sh"
source "$(dirname "${BASH_SOURCE[0]}")/web-setup.sh"
exec node "$ROOT/tests/browser/measure.mjs" --site "$WEB/site"
