// lesson.md cut into title, intro and numbered step sections (the convention in lessons/README.md).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "markdown/lesson_document.h"

using namespace cudalab::app::markdown;
namespace fs = std::filesystem;

namespace {

const char* lesson_text = R"(# Threads, blocks, grids

A launch creates a grid of blocks.

## 1. 1D indexing

### Idea

Each thread computes `i`.

### Try this

- Change the block size.

## 2. Covering an array

### What you should see

Grey idle threads.
)";

}  // namespace

TEST(LessonDocument, SplitsTitleIntroAndSteps) {
  const LessonDocument doc = split_lesson(parse(lesson_text));
  EXPECT_EQ(doc.title, "Threads, blocks, grids");
  ASSERT_EQ(doc.intro.size(), 1u);
  EXPECT_EQ(doc.intro[0].plain_text(), "A launch creates a grid of blocks.");
  ASSERT_EQ(doc.steps.size(), 2u);
  EXPECT_EQ(doc.steps[0].number, 1);
  EXPECT_EQ(doc.steps[0].title, "1D indexing");
  EXPECT_EQ(doc.steps[1].number, 2);
  EXPECT_EQ(doc.steps[1].title, "Covering an array");
  // Sub-headings stay inside their step.
  ASSERT_GE(doc.steps[0].blocks.size(), 4u);
  EXPECT_EQ(doc.steps[0].blocks[0].kind, BlockKind::heading);
  EXPECT_EQ(doc.steps[0].blocks[0].level, 3);
  EXPECT_EQ(doc.steps[0].blocks[0].plain_text(), "Idea");
  EXPECT_EQ(doc.problem, "");
}

TEST(LessonDocument, SectionForFindsStepsByNumber) {
  const LessonDocument doc = split_lesson(parse("# T\n\n## 2. Second\n\ntwo\n\n## 1. First\n\none\n"));
  ASSERT_NE(doc.section_for(0), nullptr);
  EXPECT_EQ(doc.section_for(0)->title, "First");
  ASSERT_NE(doc.section_for(1), nullptr);
  EXPECT_EQ(doc.section_for(1)->title, "Second");
  EXPECT_EQ(doc.section_for(2), nullptr);
}

TEST(LessonDocument, UnnumberedSectionsCountInOrder) {
  const LessonDocument doc = split_lesson(parse("# T\n\n## Start here\n\nx\n\n## Then this\n\ny\n"));
  ASSERT_NE(doc.section_for(1), nullptr);
  EXPECT_EQ(doc.section_for(1)->title, "Then this");
  EXPECT_EQ(doc.section_for(1)->number, 0);
}

TEST(LessonDocument, StepNumberTooLargeIsShownAsWrittenNotThrown) {
  // std::stoi used to throw out of the app on this heading.
  LessonDocument doc;
  ASSERT_NO_THROW(doc = lesson_document_from_text("# T\n\n## 99999999999. Far\n\nx\n\n## 10000) Also\n", "lesson.md"));
  EXPECT_EQ(doc.problem, "");
  ASSERT_EQ(doc.steps.size(), 2u);
  EXPECT_EQ(doc.steps[0].number, 0);
  EXPECT_EQ(doc.steps[0].title, "99999999999. Far");
  EXPECT_EQ(doc.steps[1].number, 0);
  EXPECT_EQ(doc.steps[1].title, "10000) Also");
  ASSERT_NE(doc.section_for(0), nullptr);  // found by its place, as an unnumbered section is
  EXPECT_EQ(doc.section_for(0)->title, "99999999999. Far");
  EXPECT_EQ(split_lesson(parse("## 9999. Last\n")).steps.at(0).number, 9999);
}

TEST(LessonDocument, MalformedUtf8GivesAMessage) {
  // Overlong '/', a UTF-16 surrogate, a code point past U+10FFFF: all pass a lead-byte-only check.
  for (const char* bad : {"# T\n\xC0\xAF", "# T\n\xED\xA0\x80", "# T\n\xF4\x90\x80\x80", "# T\n\xE0\x80\xAF"}) {
    const LessonDocument doc = lesson_document_from_text(bad, "lesson.md");
    EXPECT_NE(doc.problem.find("damaged"), std::string::npos) << doc.problem;
    EXPECT_TRUE(doc.steps.empty() && doc.title.empty());
  }
  EXPECT_EQ(lesson_document_from_text("# T\n\xE4\xB8\xAD \xF0\x9F\x98\x80 \xC3\xA9\n", "lesson.md").problem, "");
}

TEST(LessonDocument, MissingFileGivesAMessage) {
  const LessonDocument doc = load_lesson_document("/nonexistent/cudalab/lesson.md");
  EXPECT_NE(doc.problem.find("missing"), std::string::npos) << doc.problem;
  EXPECT_TRUE(doc.steps.empty());
}

TEST(LessonDocument, BinaryJunkGivesAMessage) {
  const fs::path file = fs::temp_directory_path() / ("cudalab_lesson_" + std::to_string(::getpid()) + ".md");
  {
    std::ofstream out(file, std::ios::binary);
    const char junk[] = {'#', ' ', 'T', '\n', '\xff', '\xfe', '\0', '\x80', 'x'};
    out.write(junk, sizeof(junk));
  }
  const LessonDocument doc = load_lesson_document(file);
  fs::remove(file);
  EXPECT_NE(doc.problem.find("damaged"), std::string::npos) << doc.problem;
}

TEST(LessonDocument, ReadsARealFile) {
  const fs::path file = fs::temp_directory_path() / ("cudalab_lesson_ok_" + std::to_string(::getpid()) + ".md");
  std::ofstream(file, std::ios::binary) << lesson_text;
  const LessonDocument doc = load_lesson_document(file);
  fs::remove(file);
  EXPECT_EQ(doc.problem, "");
  EXPECT_EQ(doc.steps.size(), 2u);
}

TEST(LessonDocument, TeacherNotesAreKeptApartFromTheStep) {
  const LessonDocument doc = split_lesson(parse(R"(# T

## 1. First

### Idea

idea

### What you should see

see

### For the teacher

- GPU: 42 ms.
- Ask the room.

#### Deeper

still the teacher's

### Try this

back to the step

## 2. Second

### For the Teacher

two's notes
)"));
  ASSERT_EQ(doc.steps.size(), 2u);
  const StepSection& first = doc.steps[0];
  // The step keeps its own subsections, including one written after the notes; no teacher text.
  std::vector<std::string> step_text, notes_text;
  for (const Block& block : first.blocks) step_text.push_back(block.plain_text());
  for (const Block& block : first.teacher_notes) notes_text.push_back(block.plain_text());
  EXPECT_EQ(step_text, (std::vector<std::string>{"Idea", "idea", "What you should see", "see", "Try this", "back to the step"}));
  EXPECT_EQ(notes_text, (std::vector<std::string>{"GPU: 42 ms.", "Ask the room.", "Deeper", "still the teacher's"}));
  ASSERT_EQ(doc.steps[1].teacher_notes.size(), 1u);
  EXPECT_EQ(doc.steps[1].teacher_notes[0].plain_text(), "two's notes");
  EXPECT_TRUE(doc.steps[1].blocks.empty());
  EXPECT_FALSE(doc.has_recap);
}

TEST(LessonDocument, RecapIsNoStepAndStepsAreStillFound) {
  const LessonDocument doc = split_lesson(parse(R"(# T

intro

## 1. First

one

## 2. Second

two

## You can now

- Launch a kernel.
- Read a timeline.
)"));
  ASSERT_EQ(doc.steps.size(), 2u);
  EXPECT_TRUE(doc.has_recap);
  ASSERT_EQ(doc.recap.size(), 2u);
  EXPECT_EQ(doc.recap[0].kind, BlockKind::list_item);
  EXPECT_EQ(doc.recap[0].plain_text(), "Launch a kernel.");
  ASSERT_NE(doc.section_for(1), nullptr);
  EXPECT_EQ(doc.section_for(1)->title, "Second");
  ASSERT_EQ(doc.section_for(1)->blocks.size(), 1u);  // the recap's bullets are not the last step's
  EXPECT_EQ(doc.section_for(2), nullptr);             // nor a step of their own
  // Other spellings of the same heading; a heading that only starts with the words is a step.
  EXPECT_TRUE(split_lesson(parse("## You can now…\n\n- x\n")).has_recap);
  EXPECT_TRUE(split_lesson(parse("## you can now:\n\n- x\n")).has_recap);
  const LessonDocument other = split_lesson(parse("## You can now try this\n\n- x\n"));
  EXPECT_FALSE(other.has_recap);
  EXPECT_EQ(other.steps.size(), 1u);
  // A file with only a recap has text to show.
  EXPECT_EQ(lesson_document_from_text("## You can now\n\n- x\n", "lesson.md").problem, "");
}

#ifdef CUDALAB_SOURCE_DIR
// The chapters as shipped: every step of chapters 0 to 6 has teacher's notes, and every chapter
// has a recap, so the pane never shows an empty fold or loses the chapter's last words.
TEST(LessonDocument, EveryChapterHasTeacherNotesInEveryStepAndARecap) {
  const fs::path lessons = fs::path(CUDALAB_SOURCE_DIR) / "lessons";
  int chapters = 0;
  for (const fs::directory_entry& entry : fs::directory_iterator(lessons)) {
    const std::string folder = entry.path().filename().string();
    if (!entry.is_directory() || folder.size() < 3 || folder[0] != '0' || folder[1] < '0' || folder[1] > '6') continue;
    ++chapters;
    const LessonDocument doc = load_lesson_document(entry.path() / "lesson.md");
    ASSERT_EQ(doc.problem, "") << folder;
    EXPECT_FALSE(doc.steps.empty()) << folder;
    for (const StepSection& step : doc.steps) {
      EXPECT_GT(step.number, 0) << folder << ": \"" << step.title << "\" has no number";
      EXPECT_FALSE(step.teacher_notes.empty()) << folder << ", step " << step.number << ": no ### For the teacher";
      for (const Block& block : step.blocks)
        EXPECT_FALSE(block.kind == BlockKind::heading && block.level == 2) << folder;
    }
    EXPECT_TRUE(doc.has_recap) << folder << ": no ## You can now";
    EXPECT_GE(doc.recap.size(), 3u) << folder << ": a recap has 3 to 5 bullets";
    EXPECT_LE(doc.recap.size(), 5u) << folder << ": a recap has 3 to 5 bullets";
  }
  EXPECT_EQ(chapters, 7);
}
#endif
