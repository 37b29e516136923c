# nlohmann/json for Emscripten builds: the header-only library from a directory that
# holds nothing but nlohmann/ (SPREADLAB_NLOHMANN_INCLUDE), because putting the host's
# whole include directory on the path would shadow Emscripten's libc headers.
# scripts/web-build.sh passes -Dnlohmann_json_DIR=<this folder>.
set(nlohmann_json_VERSION 3.11.2)
if(NOT TARGET nlohmann_json::nlohmann_json)
  if(NOT SPREADLAB_NLOHMANN_INCLUDE OR NOT EXISTS "${SPREADLAB_NLOHMANN_INCLUDE}/nlohmann/json.hpp")
    message(FATAL_ERROR "SPREADLAB_NLOHMANN_INCLUDE must name a directory holding only nlohmann/json.hpp")
  endif()
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
  set_target_properties(nlohmann_json::nlohmann_json PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${SPREADLAB_NLOHMANN_INCLUDE}")
endif()
