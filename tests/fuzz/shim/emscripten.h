#pragma once
// Stands in for Emscripten's header so that the JS bindings (src/bindings) build
// natively for the fuzzers: the exported functions are then plain C functions.
#define EMSCRIPTEN_KEEPALIVE
