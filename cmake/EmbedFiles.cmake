# Writes a C++ file holding files as strings, by their path relative to BASE_DIR: what must travel
# inside the executable (the emulation headers a compiled exercise includes, each exercise's
# starter, statement and solution), so that no install path can go missing. Run at build time, so
# the copy can never lag:
#   cmake -DBASE_DIR=... -DGLOBS="a/*.h;b/*/x.cu" -DFUNCTION=ns::name -DHEADER=inc.h -DOUTPUT=... -P EmbedFiles.cmake
# The function has the signature declared in HEADER:
#   const std::vector<std::pair<std::string_view, std::string_view>>& FUNCTION();
set(files "")
foreach(pattern IN LISTS GLOBS)
  file(GLOB found RELATIVE "${BASE_DIR}" "${BASE_DIR}/${pattern}")
  list(APPEND files ${found})
endforeach()
list(SORT files)
set(entries "")
foreach(relative IN LISTS files)
  file(READ "${BASE_DIR}/${relative}" text)
  string(FIND "${text}" ")cudalab_embed\"" terminator)
  if(NOT terminator EQUAL -1)
    message(FATAL_ERROR "${relative} contains the raw-string terminator )cudalab_embed\"")
  endif()
  string(APPEND entries "      {\"${relative}\", R\"cudalab_embed(${text})cudalab_embed\"},\n")
endforeach()
string(REGEX MATCH "^(.*)::([^:]+)$" qualified "${FUNCTION}")
set(namespace "${CMAKE_MATCH_1}")
set(name "${CMAKE_MATCH_2}")
set(content "// Generated at build time by cmake/EmbedFiles.cmake.
#include \"${HEADER}\"

namespace ${namespace} {

const std::vector<std::pair<std::string_view, std::string_view>>& ${name}() {
  static const std::vector<std::pair<std::string_view, std::string_view>> files = {
${entries}  };
  return files;
}

}  // namespace ${namespace}
")
# Rewrite only on change: an unchanged copy must not trigger a rebuild.
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
  if(old STREQUAL content)
    return()
  endif()
endif()
file(WRITE "${OUTPUT}" "${content}")
