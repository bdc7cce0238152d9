// What a chapter shows in words, read once from its folder and kept: lesson.md (or
// lesson.zh-CN.md in Chinese), the chapter and step titles in the current language, and the
// kernel file the Code tab lists.
#include <fstream>
#include <sstream>

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

const AppShell::KernelSource& AppShell::kernel_source(int chapter, const std::string& file_name) {
  const auto key = std::make_pair(chapter, file_name);
  if (auto found = kernel_sources_.find(key); found != kernel_sources_.end()) return found->second;
  KernelSource* slot = &kernel_sources_[key];
  const ChapterOutline& outline = course_.chapter(chapter);
  if (file_name.empty()) {
    slot->problem = "This chapter has no kernel of its own.";
    return *slot;
  }
  const auto file = data_dir_ / "lessons" / outline.folder / file_name;
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    slot->problem = "The kernel source " + file.string() + " was not found.";
    return *slot;
  }
  std::ostringstream text;
  text << in.rdbuf();
  slot->lines = widgets::visible_code_lines(text.str());
  return *slot;
}

}  // namespace cudalab::app
