#!/usr/bin/env bash
# Builds the in-browser lab and serves it on http://127.0.0.1:8080/ (the default
# example is loaded). Environment: SPREADLAB_PORT (8080), SPREADLAB_HOST (127.0.0.1).
set -euo pipefail
"$(dirname "${BASH_SOURCE[0]}")/web-build.sh"
source "$(dirname "${BASH_SOURCE[0]}")/web-setup.sh"
exec node "$ROOT/scripts/static-server.mjs" "$WEB/site" "${SPREADLAB_PORT:-8080}" "${SPREADLAB_HOST:-127.0.0.1}"
