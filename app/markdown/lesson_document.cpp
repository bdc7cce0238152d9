#include "markdown/lesson_document.h"

#include <cctype>
#include <fstream>
#include <sstream>
#include <system_error>

namespace cudalab::app::markdown {

const StepSection* LessonDocument::section_for(int step) const {
  for (const StepSection& section : steps) {
    if (section.number == step + 1) return &section;
  }
  if (step >= 0 && step < static_cast<int>(steps.size()) && steps[static_cast<std::size_t>(step)].number == 0) {
    return &steps[static_cast<std::size_t>(step)];
  }
  return nullptr;
}

namespace {

// "3. Launch more blocks" -> number 3, title "Launch more blocks"; no number -> 0, whole text.
StepSection section_from_heading(const std::string& heading) {
  StepSection section;
  std::size_t digits = 0;
  while (digits < heading.size() && std::isdigit(static_cast<unsigned char>(heading[digits]))) ++digits;
  if (digits > 0 && digits < heading.size() && (heading[digits] == '.' || heading[digits] == ')')) {
    section.number = std::stoi(heading.substr(0, digits));
    std::size_t start = digits + 1;
    while (start < heading.size() && heading[start] == ' ') ++start;
    section.title = heading.substr(start);
  } else {
    section.title = heading;
  }
  return section;
}

// A corrupt file (binary junk, another encoding) must give a message, not a page of '?' glyphs.
bool is_valid_utf8(const std::string& text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) >> 6) != 0x2) return false;
    }
    i += length;
  }
  return true;
}

}  // namespace

LessonDocument split_lesson(std::vector<Block> blocks) {
  LessonDocument document;
  for (Block& block : blocks) {
    if (block.kind == BlockKind::heading && block.level == 1 && document.title.empty() && document.steps.empty()) {
      document.title = block.plain_text();
    } else if (block.kind == BlockKind::heading && block.level == 2) {
      document.steps.push_back(section_from_heading(block.plain_text()));
    } else if (document.steps.empty()) {
      document.intro.push_back(std::move(block));
    } else {
      document.steps.back().blocks.push_back(std::move(block));
    }
  }
  return document;
}

LessonDocument load_lesson_document(const std::filesystem::path& file) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error)) {
    LessonDocument document;
    document.problem = "This chapter's text is missing: " + file.string() + " was not found.";
    return document;
  }
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in && !in.eof()) {
    LessonDocument document;
    document.problem = "This chapter's text could not be read: " + file.string() + ".";
    return document;
  }
  const std::string markdown = text.str();
  if (!is_valid_utf8(markdown) || markdown.find('\0') != std::string::npos) {
    LessonDocument document;
    document.problem = "This chapter's text is damaged: " + file.string() + " is not UTF-8 text.";
    return document;
  }
  LessonDocument document = split_lesson(parse(markdown));
  if (document.title.empty() && document.steps.empty() && document.intro.empty()) {
    document.problem = "This chapter's text is empty: " + file.string() + ".";
  }
  return document;
}

}  // namespace cudalab::app::markdown
