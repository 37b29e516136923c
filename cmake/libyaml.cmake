# libyaml, the YAML parser that go-yaml (and so kubectl) was ported from, as the target
# `spreadlab_libyaml`.
# - Native: Debian's libyaml-dev.
# - Emscripten: compiled from source, fetched at build time (never committed):
#   scripts/web-setup.sh unpacks Debian's `libyaml` source package and passes
#   -DFETCHCONTENT_SOURCE_DIR_LIBYAML=<tree>; with internet access FetchContent can clone
#   the upstream tag instead.
add_library(spreadlab_libyaml INTERFACE)
if(EMSCRIPTEN)
  include(FetchContent)
  FetchContent_Declare(libyaml
    GIT_REPOSITORY https://github.com/yaml/libyaml.git
    GIT_TAG 0.2.5
    GIT_SHALLOW TRUE)
  FetchContent_GetProperties(libyaml)
  if(NOT libyaml_POPULATED)
    FetchContent_Populate(libyaml)
  endif()
  enable_language(C)
  file(GLOB LIBYAML_SOURCES ${libyaml_SOURCE_DIR}/src/*.c)
  add_library(libyaml_static STATIC ${LIBYAML_SOURCES})
  target_include_directories(libyaml_static SYSTEM PUBLIC ${libyaml_SOURCE_DIR}/include)
  target_compile_definitions(libyaml_static PUBLIC YAML_DECLARE_STATIC
    PRIVATE YAML_VERSION_MAJOR=0 YAML_VERSION_MINOR=2 YAML_VERSION_PATCH=5 YAML_VERSION_STRING="0.2.5")
  target_compile_options(libyaml_static PRIVATE -w)
  target_link_libraries(spreadlab_libyaml INTERFACE libyaml_static)
else()
  find_path(LIBYAML_INCLUDE_DIR yaml.h REQUIRED)
  find_library(LIBYAML_LIBRARY yaml REQUIRED)
  target_include_directories(spreadlab_libyaml SYSTEM INTERFACE ${LIBYAML_INCLUDE_DIR})
  target_link_libraries(spreadlab_libyaml INTERFACE ${LIBYAML_LIBRARY})
endif()
