#pragma once
// The chapters and what they say in words: the lessons built into the program, the data folder
// their texts live in, and each chapter's lesson.md (or lesson.zh-CN.md in Chinese), read once and
// kept until the language changes, with the chapter and step titles in that language.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "i18n/language.h"
#include "lesson.h"
#include "markdown/lesson_document.h"
#include "session/course.h"

namespace cudalab::app {

class ChapterTexts {
 public:
  using Lessons = std::vector<std::unique_ptr<lessons::Lesson>>;
  ChapterTexts(Lessons lessons, std::filesystem::path data_dir);

  const Lessons& lessons() const { return lessons_; }
  const std::filesystem::path& data_dir() const { return data_dir_; }
  std::filesystem::path lessons_dir() const { return data_dir_ / "lessons"; }
  // Each chapter as the course lists it.
  std::vector<ChapterOutline> outlines() const;

  // The texts are read again in `language` when it is not the one they were read in.
  void set_language(i18n::Language language);
  const markdown::LessonDocument& document(int chapter);
  // Titles in the current language: the chapter's and the step's headings of lesson.zh-CN.md in
  // Chinese (the lesson code's titles are English), else the English.
  std::string chapter_title(int chapter);
  std::string step_title(int chapter, int step, const std::string& english);

 private:
  Lessons lessons_;
  std::filesystem::path data_dir_;
  i18n::Language language_ = i18n::Language::en;
  std::vector<std::optional<markdown::LessonDocument>> documents_;  // per chapter, once read
};

}  // namespace cudalab::app
