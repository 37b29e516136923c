# SDL2 as the target `spreadlab_sdl2`.
# - Emscripten: Debian's Emscripten cannot download its SDL2 port (frozen cache, no network),
#   so scripts/web-build.sh builds SDL 2.26.5 from Debian's `libsdl2` source package once and
#   installs it under the build tree; SPREADLAB_SDL2_PREFIX points there.
# - Desktop: the system SDL2 (Debian libsdl2-dev).
add_library(spreadlab_sdl2 INTERFACE)
if(EMSCRIPTEN)
  set(SPREADLAB_SDL2_PREFIX "" CACHE PATH "Install prefix of SDL2 built for wasm")
  if(NOT EXISTS "${SPREADLAB_SDL2_PREFIX}/lib/libSDL2.a")
    message(FATAL_ERROR "SPREADLAB_SDL2_PREFIX must hold SDL2 built for wasm (lib/libSDL2.a); scripts/web-build.sh builds it")
  endif()
  target_include_directories(spreadlab_sdl2 SYSTEM INTERFACE ${SPREADLAB_SDL2_PREFIX}/include/SDL2)
  target_link_libraries(spreadlab_sdl2 INTERFACE ${SPREADLAB_SDL2_PREFIX}/lib/libSDL2.a)
else()
  find_package(SDL2 REQUIRED)
  find_package(OpenGL REQUIRED)
  if(TARGET SDL2::SDL2)
    target_link_libraries(spreadlab_sdl2 INTERFACE SDL2::SDL2)
  else()
    target_include_directories(spreadlab_sdl2 SYSTEM INTERFACE ${SDL2_INCLUDE_DIRS})
    target_link_libraries(spreadlab_sdl2 INTERFACE ${SDL2_LIBRARIES})
  endif()
  target_link_libraries(spreadlab_sdl2 INTERFACE OpenGL::GL ${CMAKE_DL_LIBS})
endif()
