# Writes a C++ file holding every shaders/*.vert|frag as a string: the app's fallback when
# <data>/shaders is missing. Run at build time (app/CMakeLists.txt), so the copy can never lag.
#   cmake -DSHADER_DIR=... -DOUTPUT=... -P EmbedShaders.cmake
file(GLOB shader_files "${SHADER_DIR}/*.vert" "${SHADER_DIR}/*.frag")
list(SORT shader_files)
set(entries "")
foreach(path IN LISTS shader_files)
  get_filename_component(name "${path}" NAME)
  file(READ "${path}" text)
  string(FIND "${text}" ")glsl\"" terminator)
  if(NOT terminator EQUAL -1)
    message(FATAL_ERROR "${name} contains the raw-string terminator )glsl\"")
  endif()
  string(APPEND entries "    {\"${name}\", R\"glsl(${text})glsl\"},\n")
endforeach()
set(content "// Generated at build time by cmake/EmbedShaders.cmake from shaders/*.vert|frag.
#include \"render/embedded_shaders.h\"

namespace cudalab::app::render {

const std::vector<EmbeddedShader>& embedded_shaders() {
  static const std::vector<EmbeddedShader> shaders = {
${entries}  };
  return shaders;
}

}  // namespace cudalab::app::render
")
# Rewrite only on change: an unchanged copy must not trigger a relink.
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
  if(old STREQUAL content)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${content}")
