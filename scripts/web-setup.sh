#!/usr/bin/env bash
# Installs what the in-browser lab needs on a fresh Debian 12 machine, idempotently:
#   - Debian packages: Emscripten, Chromium (browser tests), DejaVu fonts, SDL2 (desktop build),
#     fonttools (the font subset) and brotli (the precompressed site)
#   - the Debian source packages of Dear ImGui, SDL2 and libyaml, unpacked under $WEB/deps
#     (third-party source is fetched at build time, never committed)
#   - playwright-core from npm (tests/browser/package-lock.json), driving Debian's Chromium,
#     and terser (scripts/npm/package-lock.json), which shortens Emscripten's JS glue
# Sourced by web-build.sh, web-serve.sh and web-test.sh; runs on its own too.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WEB="${SPREADLAB_WEB_BUILD_DIR:-$ROOT/build/web}"
DEPS="$WEB/deps"
WEB_PACKAGES=(cmake ninja-build g++ nlohmann-json3-dev libyaml-dev emscripten chromium fonts-dejavu-core libsdl2-dev libgl-dev
  fonttools brotli)

web_sudo() { if [ "$(id -u)" -ne 0 ]; then sudo "$@"; else "$@"; fi; }

web_install_packages() {
  local missing=()
  for p in "${WEB_PACKAGES[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "spreadlab web: installing ${missing[*]}"
  web_sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive web_sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# A deb-src twin of the machine's Debian sources, so that `apt-get source` works.
web_enable_deb_src() {
  if grep -rqsE '^(Types:.*deb-src|deb-src )' /etc/apt/sources.list /etc/apt/sources.list.d/; then return 0; fi
  local src=/etc/apt/sources.list.d/debian.sources
  [ -f "$src" ] || { echo "spreadlab web: no $src to derive a deb-src entry from" >&2; return 1; }
  sed 's/^Types:.*/Types: deb-src/' "$src" | web_sudo tee /etc/apt/sources.list.d/spreadlab-deb-src.sources >/dev/null
  web_sudo apt-get update -qq
}

# Unpacks the upstream tarball of a Debian source package into $DEPS/<name> (once).
web_fetch_source() {
  local pkg="$1" dir="$2"
  [ -d "$DEPS/$dir" ] && return 0
  mkdir -p "$DEPS/download"
  if ! ls "$DEPS/download/${pkg}_"*.orig.tar.* >/dev/null 2>&1; then
    web_enable_deb_src
    echo "spreadlab web: fetching the Debian source package $pkg"
    (cd "$DEPS/download" && apt-get source --download-only "$pkg" >"$DEPS/download/$pkg.log" 2>&1) ||
      { cat "$DEPS/download/$pkg.log" >&2; return 1; }
  fi
  local tarball
  tarball="$(ls "$DEPS/download/${pkg}_"*.orig.tar.* | head -n1)"
  rm -rf "$DEPS/$dir.tmp" && mkdir -p "$DEPS/$dir.tmp"
  tar -xf "$tarball" -C "$DEPS/$dir.tmp" --strip-components=1
  mv "$DEPS/$dir.tmp" "$DEPS/$dir"
}

web_npm_install() {  # DIR PACKAGE: `npm ci` in DIR unless its lock file is installed already
  local dir="$ROOT/$1"
  if [ -d "$dir/node_modules/$2" ] && [ "$dir/node_modules/.package-lock.json" -nt "$dir/package-lock.json" ]; then return 0; fi
  (cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
}

web_install_packages
web_fetch_source imgui imgui
web_fetch_source libsdl2 SDL2
web_fetch_source libyaml libyaml
web_npm_install tests/browser playwright-core
web_npm_install scripts/npm terser
