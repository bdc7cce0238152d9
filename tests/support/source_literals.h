#pragma once
// The string literals of C++ sources, as the compiler sees them: adjacent literals joined, the
// simple escapes undone, raw strings kept, and nothing from comments or character literals. What a
// lesson can say, for the tests that hold the string catalogs to the code (a catalog entry whose
// words no source holds any more is dead weight).
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace cudalab::test {

inline std::vector<std::string> string_literals(const std::string& text) {
  std::vector<std::string> out;
  std::string current;
  bool in_literal = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_literal) {
      if (c == '\\' && i + 1 < text.size()) {
        const char next = text[++i];
        current += next == 'n' ? '\n' : next == 't' ? '\t' : next;
      } else if (c == '"') {
        in_literal = false;
        std::size_t j = i + 1;  // only whitespace before the next quote: the compiler joins the two
        while (j < text.size() && (text[j] == ' ' || text[j] == '\n' || text[j] == '\t' || text[j] == '\r')) ++j;
        if (j < text.size() && text[j] == '"') {
          in_literal = true;
          i = j;
        } else {
          out.push_back(std::move(current));
          current.clear();
        }
      } else {
        current += c;
      }
    } else if (text.compare(i, 2, "//") == 0) {
      i = text.find('\n', i);
      if (i == std::string::npos) break;
    } else if (text.compare(i, 2, "/*") == 0) {
      i = text.find("*/", i + 2);
      if (i == std::string::npos) break;
      ++i;
    } else if (text.compare(i, 3, "R\"(") == 0) {
      const std::size_t end = text.find(")\"", i + 3);
      if (end == std::string::npos) break;
      out.push_back(text.substr(i + 3, end - i - 3));
      i = end + 1;
    } else if (c == '\'') {
      // A character literal ('"', '\'', 'x'); a digit separator (1'000) is a quote between digits.
      const std::size_t close = text.find('\'', i + (i + 1 < text.size() && text[i + 1] == '\\' ? 3 : 2));
      if (close != std::string::npos && close - i <= 4) i = close;
    } else if (c == '"') {
      in_literal = true;
    }
  }
  return out;
}

// Every literal of the C++ files (.cpp .h .cuh .cu) under `dir`.
inline std::vector<std::string> string_literals_under(const std::filesystem::path& dir) {
  std::vector<std::string> all;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
    const std::string ext = entry.path().extension().string();
    if (ext != ".cpp" && ext != ".h" && ext != ".cuh" && ext != ".cu") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (std::string& literal : string_literals(text)) all.push_back(std::move(literal));
  }
  return all;
}

}  // namespace cudalab::test
