// What a chapter shows in words, read once from its folder and kept: lesson.md (or
// lesson.zh-CN.md in Chinese), the chapter and step titles in the current language, and the
// files the Code tab lists (the kernels, the whole program).
#include <optional>
#include <string>
#include <tuple>
#include <utility>

#include "cudalab/files.h"
#include "shell/app_shell.h"

namespace cudalab::app {

const markdown::LessonDocument& AppShell::document(int chapter) {
  auto& slot = documents_[static_cast<std::size_t>(chapter)];
  if (slot) return *slot;
  const auto folder = data_dir_ / "lessons" / course_.chapter(chapter).folder;
  if (language_ == i18n::Language::zh_cn) {
    // lesson.zh-CN.md beside lesson.md; without it (or when it cannot be read) the English text,
    // with one line in Chinese saying why.
    markdown::LessonDocument chinese = markdown::load_lesson_document(folder / "lesson.zh-CN.md");
    if (chinese.problem.empty()) {
      slot = std::move(chinese);
      return *slot;
    }
    slot = markdown::load_lesson_document(folder / "lesson.md");
    slot->language_note = i18n::tr("This chapter has no Chinese text yet; showing the English text.");
    return *slot;
  }
  slot = markdown::load_lesson_document(folder / "lesson.md");
  return *slot;
}

std::string AppShell::chapter_title(int chapter) {
  const std::string& english = course_.chapter(chapter).title;
  if (language_ == i18n::Language::en) return english;
  const markdown::LessonDocument& doc = document(chapter);
  return doc.language_note.empty() && doc.problem.empty() && !doc.title.empty() ? doc.title : english;
}

std::string AppShell::step_title(int chapter, int step, const std::string& english) {
  if (language_ == i18n::Language::en) return english;
  const markdown::LessonDocument& doc = document(chapter);
  const markdown::StepSection* section = doc.language_note.empty() ? doc.section_for(step) : nullptr;
  return section != nullptr && !section->title.empty() ? section->title : english;
}

const AppShell::KernelSource& AppShell::source_listing(int chapter, const std::string& file_name, Listing listing) {
  const auto key = std::make_tuple(chapter, file_name, listing);
  if (auto found = sources_.find(key); found != sources_.end()) return found->second;
  KernelSource& slot = sources_[key];
  const bool whole = listing == Listing::whole_program;
  if (file_name.empty()) {
    slot.problem = whole ? i18n::tr("This chapter has no whole program of its own.") : "This chapter has no kernel of its own.";
    return slot;
  }
  const auto file = data_dir_ / "lessons" / course_.chapter(chapter).folder / file_name;
  std::optional<std::string> text = read_whole_file(file);
  if (!text) {
    slot.problem = (whole ? "The whole program " : "The kernel source ") + file.string() + " was not found.";
    return slot;
  }
  slot.text = std::move(*text);
  // The whole program verbatim: it hides nothing.
  slot.lines = whole ? widgets::code_lines(slot.text) : widgets::visible_code_lines(slot.text);
  return slot;
}

}  // namespace cudalab::app
