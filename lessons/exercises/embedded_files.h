#pragma once
// Every exercise folder's files (statement.md, starter.cu, solution.cu) and probe.cuh, embedded
// at build time by cmake/EmbedFiles.cmake, by their path under lessons/.
#include <string_view>
#include <utility>
#include <vector>

namespace cudalab::lessons::exercises {
const std::vector<std::pair<std::string_view, std::string_view>>& embedded_exercise_files();
}
