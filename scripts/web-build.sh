#!/usr/bin/env bash
# Builds the in-browser lab: SDL2 for wasm (once, cached in $WEB/sdl2), then core + io +
# app + JS bindings with Emscripten into $WEB/site (spreadlab.js, spreadlab.wasm, the web/
# shell, the examples and the font). `--desktop` also builds the native SDL2 + OpenGL3 app
# and the UI frame benchmark (spreadlab_ui_bench) into $WEB/desktop. `--debug` builds
# the lab with ASan, UBSan and Emscripten's assertions into $WEB/debug-site instead
# (serve or test it with --site). `--tarball` also packs the site into $WEB/spreadlab-site.tar.gz.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/web-setup.sh"

# Debian's emcc needs Debian's acorn for its JS optimizer (see docs/web.md).
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
JOBS="$(nproc)"

# nlohmann/json on its own include path: all of /usr/include would shadow Emscripten's libc.
web_nlohmann_only() {
  mkdir -p "$WEB/include/nlohmann"
  # cp -u keeps the copies' times when nothing changed: no needless rebuild of the io library.
  cp -r -u /usr/include/nlohmann/. "$WEB/include/nlohmann/"
}

# SDL2 as the lab uses it: video, events, timers and GL through EGL. The subsystems it
# never opens (audio, joystick and game controllers, haptics, sensors, power, locale,
# the renderer and the software blitters: SDL_LEAN_AND_MEAN) would otherwise link
# ~220 KB of wasm through SDL's driver tables (docs/web.md, "Size").
SDL2_OPTIONS=(-DCMAKE_BUILD_TYPE=MinSizeRel -DSDL_SHARED=OFF -DSDL_STATIC=ON -DSDL_TEST=OFF
  -DCMAKE_C_FLAGS=-DSDL_LEAN_AND_MEAN=1 -DSDL_AUDIO=OFF -DSDL_JOYSTICK=OFF -DSDL_HAPTIC=OFF
  -DSDL_HIDAPI=OFF -DSDL_POWER=OFF -DSDL_SENSOR=OFF -DSDL_LOCALE=OFF -DSDL_RENDER=OFF
  -DSDL_FILESYSTEM=OFF -DSDL_LOADSO=OFF -DSDL_OFFSCREEN=OFF -DSDL_DUMMYVIDEO=OFF
  -DSDL_DISKAUDIO=OFF -DSDL_DUMMYAUDIO=OFF)

web_build_sdl2() {
  # Rebuilt when the options change (the stamp holds the ones it was built with).
  local stamp="$WEB/sdl2/options"
  [ -f "$WEB/sdl2/lib/libSDL2.a" ] && [ "$(cat "$stamp" 2>/dev/null)" = "${SDL2_OPTIONS[*]}" ] && return 0
  echo "spreadlab web: building SDL2 for wasm (once; a few minutes)"
  rm -rf "$WEB/sdl2-build" "$WEB/sdl2"
  emcmake cmake -S "$DEPS/SDL2" -B "$WEB/sdl2-build" -G Ninja "${SDL2_OPTIONS[@]}" \
    -DCMAKE_INSTALL_PREFIX="$WEB/sdl2" >"$WEB/sdl2-build.log" 2>&1 ||
    { tail -40 "$WEB/sdl2-build.log" >&2; return 1; }
  cmake --build "$WEB/sdl2-build" -j "$JOBS" >>"$WEB/sdl2-build.log" 2>&1 &&
    cmake --install "$WEB/sdl2-build" >>"$WEB/sdl2-build.log" 2>&1 ||
    { tail -40 "$WEB/sdl2-build.log" >&2; return 1; }
  echo "${SDL2_OPTIONS[*]}" >"$stamp"
}

web_build_app() {  # [debug]
  local dir="$WEB/app" site="$WEB/site" debug=OFF
  if [ "${1:-}" = debug ]; then dir="$WEB/debug-app" site="$WEB/debug-site" debug=ON; fi
  web_nlohmann_only
  emcmake cmake -S "$ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=MinSizeRel -DSPREADLAB_WASM_DEBUG=$debug \
    -DSPREADLAB_APP=ON -DSPREADLAB_TESTS=OFF -DSPREADLAB_BENCHMARKS=OFF -DSPREADLAB_CLI=OFF \
    -Dnlohmann_json_DIR="$ROOT/cmake/wasm" -DSPREADLAB_NLOHMANN_INCLUDE="$WEB/include" \
    -DSPREADLAB_SDL2_PREFIX="$WEB/sdl2" \
    -DFETCHCONTENT_SOURCE_DIR_IMGUI="$DEPS/imgui" -DFETCHCONTENT_SOURCE_DIR_LIBYAML="$DEPS/libyaml" \
    -DFETCHCONTENT_FULLY_DISCONNECTED=ON -DSPREADLAB_SITE_DIR="$site" >/dev/null
  cmake --build "$dir" -j "$JOBS"
  web_precompress "$site"
}

# Next to every text and binary file of the site, its .gz (gzip -9) and .br (brotli -q 11),
# which scripts/static-server.mjs (and any static host configured for it) sends with
# Content-Encoding instead of compressing on every request. Always redone: a copied file may
# keep an older time than its stale twin.
web_precompress() {
  local f
  while IFS= read -r -d '' f; do
    gzip -9 -k -f -n "$f"
    brotli -q 11 -k -f "$f"
  done < <(find "$1" -type f \( -name '*.wasm' -o -name '*.js' -o -name '*.html' -o -name '*.css' -o -name '*.json' \
            -o -name '*.yaml' -o -name '*.ttf' \) -print0)
}

web_build_desktop() {
  cmake -S "$ROOT" -B "$WEB/desktop" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DSPREADLAB_APP=ON -DSPREADLAB_TESTS=OFF -DSPREADLAB_BENCHMARKS=ON -DSPREADLAB_CLI=OFF \
    -DFETCHCONTENT_SOURCE_DIR_IMGUI="$DEPS/imgui" -DFETCHCONTENT_FULLY_DISCONNECTED=ON >/dev/null
  cmake --build "$WEB/desktop" -j "$JOBS"
}

web_build_sdl2
case "${1:-}" in
  --debug) web_build_app debug ;;
  --desktop) web_build_app && web_build_desktop ;;
  # The site as one archive for any static host, under any path (every URL in it is relative).
  --tarball) web_build_app && tar czf "$WEB/spreadlab-site.tar.gz" -C "$WEB/site" . && echo "$WEB/spreadlab-site.tar.gz" ;;
  *) web_build_app ;;
esac
