// What a chapter shows in words, read once from its folder and kept: lesson.md (or
// lesson.zh-CN.md in Chinese) and the chapter and step titles in the current language.
#include <optional>
#include <string>
#include <tuple>
#include <utility>

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

}  // namespace cudalab::app
