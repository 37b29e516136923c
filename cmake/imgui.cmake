# Dear ImGui 1.86, fetched at build time (never committed). scripts/web-setup.sh unpacks
# Debian's `imgui` source package and passes -DFETCHCONTENT_SOURCE_DIR_IMGUI=<tree>; a machine
# with internet access can instead let FetchContent clone the upstream tag.
# Defines the static library `imgui` (core + SDL2 and OpenGL3 backends) configured by
# src/app/imconfig.h.
include(FetchContent)
FetchContent_Declare(imgui
  GIT_REPOSITORY https://github.com/ocornut/imgui.git
  GIT_TAG v1.86
  GIT_SHALLOW TRUE)
FetchContent_GetProperties(imgui)
if(NOT imgui_POPULATED)
  FetchContent_Populate(imgui)
endif()

add_library(imgui STATIC
  ${imgui_SOURCE_DIR}/imgui.cpp
  ${imgui_SOURCE_DIR}/imgui_draw.cpp
  ${imgui_SOURCE_DIR}/imgui_tables.cpp
  ${imgui_SOURCE_DIR}/imgui_widgets.cpp
  ${imgui_SOURCE_DIR}/misc/cpp/imgui_stdlib.cpp
  ${imgui_SOURCE_DIR}/backends/imgui_impl_sdl.cpp
  ${imgui_SOURCE_DIR}/backends/imgui_impl_opengl3.cpp)
target_include_directories(imgui SYSTEM PUBLIC ${imgui_SOURCE_DIR} ${imgui_SOURCE_DIR}/backends)
target_compile_definitions(imgui PUBLIC IMGUI_USER_CONFIG="${PROJECT_SOURCE_DIR}/src/app/imconfig.h")
target_compile_options(imgui PRIVATE -w)
if(EMSCRIPTEN)
  target_compile_definitions(imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)  # WebGL2
endif()
