#include "markdown/lesson_document.h"

#include <cctype>
#include <charconv>
#include <optional>
#include <string_view>
#include <system_error>

#include "cudalab/files.h"

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

// No chapter comes near this many steps; a larger "number" is a typo or junk, not a step.
constexpr int kMaxStepNumber = 9999;

// "3. Launch more blocks" -> number 3, title "Launch more blocks"; no number -> 0, whole text.
// A number past kMaxStepNumber counts as no number: the heading is shown as written and the
// section is found by its position, as an unnumbered one would be (never an exception).
StepSection section_from_heading(const std::string& heading) {
  StepSection section;
  std::size_t digits = 0;
  while (digits < heading.size() && std::isdigit(static_cast<unsigned char>(heading[digits]))) ++digits;
  int number = 0;
  const bool numbered = digits > 0 && digits < heading.size() && (heading[digits] == '.' || heading[digits] == ')') &&
                        std::from_chars(heading.data(), heading.data() + digits, number).ec == std::errc{} &&
                        number <= kMaxStepNumber;
  if (numbered) {
    section.number = number;
    std::size_t start = digits + 1;
    while (start < heading.size() && heading[start] == ' ') ++start;
    section.title = heading.substr(start);
  } else {
    section.title = heading;
  }
  return section;
}

// A corrupt file (binary junk, another encoding) must give a message, not a page of '?' glyphs.
// Strict UTF-8 (RFC 3629): no overlong forms, no surrogates, nothing past U+10FFFF, so that
// what passes here reaches the text widget as well-formed text.
bool is_valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const std::size_t length = lead < 0x80                      ? 1
                               : (lead >= 0xC2 && lead <= 0xDF) ? 2
                               : (lead >= 0xE0 && lead <= 0xEF) ? 3
                               : (lead >= 0xF0 && lead <= 0xF4) ? 4
                                                                : 0;
    if (length == 0 || i + length > text.size()) return false;
    // The second byte's range rules out overlong forms (E0, F0), surrogates (ED) and > U+10FFFF (F4).
    const unsigned char second_min = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
    const unsigned char second_max = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if (k == 1 ? (next < second_min || next > second_max) : (next >> 6) != 0x2) return false;
    }
    i += length;
  }
  return true;
}

// "You can now", "You can now…", "You can now:" all name the recap; case and trailing
// punctuation or spaces are forgiven, anything else after the words is not.
bool heading_is(const std::string& heading, std::string_view name) {
  if (heading.size() < name.size()) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(heading[i])) != std::tolower(static_cast<unsigned char>(name[i]))) return false;
  }
  std::string_view rest = std::string_view(heading).substr(name.size());
  while (!rest.empty() && (rest.front() == ' ' || rest.front() == '.' || rest.front() == ':')) rest.remove_prefix(1);
  return rest.empty() || rest == "…" || rest == "..." || rest == "：";
}

bool is_teacher_heading(const std::string& heading) {
  return heading_is(heading, kTeacherHeading) || heading_is(heading, kTeacherHeadingZh);
}
bool is_recap_heading(const std::string& heading) {
  return heading_is(heading, kRecapHeading) || heading_is(heading, kRecapHeadingZh);
}

}  // namespace

LessonDocument split_lesson(std::vector<Block> blocks) {
  LessonDocument document;
  // Where the next block goes: the intro, a step's blocks, its teacher notes, or the recap.
  std::vector<Block>* into = &document.intro;
  bool in_recap = false;
  for (Block& block : blocks) {
    const bool heading = block.kind == BlockKind::heading;
    if (heading && block.level == 1 && document.title.empty() && document.steps.empty() && !in_recap) {
      document.title = block.plain_text();
    } else if (heading && block.level == 2) {
      const std::string text = block.plain_text();
      in_recap = is_recap_heading(text);
      if (in_recap) {
        document.has_recap = true;
        into = &document.recap;
      } else {
        document.steps.push_back(section_from_heading(text));
        into = &document.steps.back().blocks;
      }
    } else if (heading && block.level == 3 && !in_recap && !document.steps.empty()) {
      // A step's `###` subsections: the teacher's go apart, any other one goes back to the step.
      StepSection& step = document.steps.back();
      if (is_teacher_heading(block.plain_text())) {
        into = &step.teacher_notes;
      } else {
        into = &step.blocks;
        into->push_back(std::move(block));
      }
    } else {
      into->push_back(std::move(block));
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
  const std::optional<std::string> text = read_whole_file(file);
  if (!text) {
    LessonDocument document;
    document.problem = "This chapter's text could not be read: " + file.string() + ".";
    return document;
  }
  return lesson_document_from_text(*text, file.string());
}

LessonDocument lesson_document_from_text(std::string_view markdown, const std::string& file_name) {
  if (!is_valid_utf8(markdown) || markdown.find('\0') != std::string_view::npos) {
    LessonDocument document;
    document.problem = "This chapter's text is damaged: " + file_name + " is not UTF-8 text.";
    return document;
  }
  LessonDocument document = split_lesson(parse(markdown));
  if (document.title.empty() && document.steps.empty() && document.intro.empty() && !document.has_recap) {
    document.problem = "This chapter's text is empty: " + file_name + ".";
  }
  return document;
}

}  // namespace cudalab::app::markdown
