#pragma once
// Every chapter folder's strings.zh-CN.po, embedded at build time by cmake/EmbedFiles.cmake, by
// its path under lessons/.
#include <string_view>
#include <utility>
#include <vector>

namespace cudalab::lessons::text {
const std::vector<std::pair<std::string_view, std::string_view>>& embedded_string_files();
}
