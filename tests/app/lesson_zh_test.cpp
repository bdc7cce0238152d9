// The Simplified Chinese lesson texts against the English ones (issue #14): every chapter that
// has a lesson.zh-CN.md has a section for every step the English text has, with the same numbers,
// the five headings of lessons/GLOSSARY.zh-CN.md, folded teacher's notes and a recap.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>
#include <string>

#include "markdown/lesson_document.h"

namespace fs = std::filesystem;
using namespace cudalab::app::markdown;

TEST(LessonDocumentZh, ChineseHeadingsFoldTheNotesAndCloseTheChapter) {
  const LessonDocument doc = lesson_document_from_text(
      "# 你好\n\n## 1. 执行配置\n\n### 思路\n\n正文。\n\n### 教师备注\n\n备注。\n\n## 本章小结\n\n- 一\n", "x.md");
  ASSERT_EQ(doc.steps.size(), 1u);
  EXPECT_EQ(doc.steps[0].number, 1);
  EXPECT_EQ(doc.steps[0].title, "执行配置");
  EXPECT_EQ(doc.steps[0].teacher_notes.size(), 1u);
  EXPECT_TRUE(doc.has_recap);
  EXPECT_EQ(doc.recap.size(), 1u);
  // The English headings still work, in either file.
  EXPECT_TRUE(lesson_document_from_text("## You can now\n\n- x\n", "x.md").has_recap);
}

#ifdef CUDALAB_SOURCE_DIR
namespace {
std::set<std::string> subheadings(const StepSection& step) {
  std::set<std::string> found;
  for (const Block& block : step.blocks) {
    if (block.kind == BlockKind::heading && block.level == 3) found.insert(block.plain_text());
  }
  if (!step.teacher_notes.empty()) found.insert("教师备注");
  return found;
}
}  // namespace

TEST(LessonDocumentZh, EveryStepHasItsChineseSectionWithTheFiveHeadings) {
  const fs::path lessons = fs::path(CUDALAB_SOURCE_DIR) / "lessons";
  int chapters = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(lessons)) {
    const fs::path chinese_file = entry.path() / "lesson.zh-CN.md";
    if (!entry.is_directory() || !fs::exists(chinese_file)) continue;
    ++chapters;
    const std::string folder = entry.path().filename().string();
    const LessonDocument english = load_lesson_document(entry.path() / "lesson.md");
    const LessonDocument chinese = load_lesson_document(chinese_file);
    ASSERT_EQ(chinese.problem, "") << folder;
    EXPECT_FALSE(chinese.title.empty()) << folder << ": no # title";
    ASSERT_EQ(chinese.steps.size(), english.steps.size()) << folder << ": not the same steps as lesson.md";
    for (std::size_t i = 0; i < english.steps.size(); ++i) {
      const StepSection& step = chinese.steps[i];
      EXPECT_EQ(step.number, english.steps[i].number) << folder << ": step " << i + 1 << " is numbered differently";
      const std::set<std::string> found = subheadings(step);
      for (const char* heading : {"思路", "动手试试", "你应该看到", "教师备注"}) {
        EXPECT_TRUE(found.contains(heading)) << folder << ", step " << step.number << ": no ### " << heading;
      }
    }
    EXPECT_EQ(chinese.has_recap, english.has_recap) << folder << ": ## 本章小结 missing";
  }
  EXPECT_GE(chapters, 1) << "no lesson.zh-CN.md found under " << lessons;
}
#endif
