#include "shell/chapter_texts.h"

#include <utility>

namespace cudalab::app {

ChapterTexts::ChapterTexts(Lessons lessons, std::filesystem::path data_dir)
    : lessons_(std::move(lessons)), data_dir_(std::move(data_dir)), documents_(lessons_.size()) {}

std::vector<ChapterOutline> ChapterTexts::outlines() const {
  std::vector<ChapterOutline> outlines;
  for (const auto& lesson : lessons_) {
    outlines.push_back(
        {lesson->id(), lesson->title(), lesson->folder(), lesson->kernel_file(), lesson->steps(), lesson->program_file(),
         lessons::chapter_number(*lesson)});
  }
  return outlines;
}

void ChapterTexts::set_language(i18n::Language language) {
  if (language == language_) return;
  language_ = language;
  documents_.assign(documents_.size(), std::nullopt);
}

const markdown::LessonDocument& ChapterTexts::document(int chapter) {
  auto& slot = documents_[static_cast<std::size_t>(chapter)];
  if (slot) return *slot;
  const auto folder = lessons_dir() / lessons_[static_cast<std::size_t>(chapter)]->folder();
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

std::string ChapterTexts::chapter_title(int chapter) {
  const std::string english = lessons_[static_cast<std::size_t>(chapter)]->title();
  if (language_ == i18n::Language::en) return english;
  const markdown::LessonDocument& doc = document(chapter);
  return doc.language_note.empty() && doc.problem.empty() && !doc.title.empty() ? doc.title : english;
}

std::string ChapterTexts::step_title(int chapter, int step, const std::string& english) {
  if (language_ == i18n::Language::en) return english;
  const markdown::LessonDocument& doc = document(chapter);
  const markdown::StepSection* section = doc.language_note.empty() ? doc.section_for(step) : nullptr;
  return section != nullptr && !section->title.empty() ? section->title : english;
}

}  // namespace cudalab::app
