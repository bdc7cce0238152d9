#pragma once
// A chapter's lesson.md cut along the convention in lessons/README.md: `# Chapter title`, an
// intro, then one `## N. Step title` section per step (with `### Idea`, `### Try this`,
// `### What you should see`, `### For the teacher`), then `## You can now`, the chapter's recap.
// The text pane shows the intro plus the current step's section; the teacher's notes are kept
// apart so the pane can fold them, and the recap is no step, so no step number can reach it.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "markdown/markdown.h"

namespace cudalab::app::markdown {

struct StepSection {
  int number = 0;       // N from "## N. Title" (1-based); 0 when the heading has no number
  std::string title;    // "Title", without the number
  std::vector<Block> blocks;  // everything under the heading, up to the next `##`, but the teacher's notes
  // The blocks under `### For the teacher` (without that heading), up to the next `###` or `##`.
  std::vector<Block> teacher_notes;
};

// The headings the split looks for, as written in lesson.md.
inline constexpr std::string_view kTeacherHeading = "For the teacher";
inline constexpr std::string_view kRecapHeading = "You can now";
// The same in lesson.zh-CN.md (lessons/GLOSSARY.zh-CN.md fixes them). Either language's heading
// is recognised in either file: a half-translated file still folds its notes.
inline constexpr std::string_view kTeacherHeadingZh = "教师备注";
inline constexpr std::string_view kRecapHeadingZh = "本章小结";

struct LessonDocument {
  std::string title;          // from `# ...`; "" when absent
  std::vector<Block> intro;   // between `#` and the first `##`
  std::vector<StepSection> steps;
  // The blocks under `## You can now` (without that heading), up to the next `##`: no step.
  std::vector<Block> recap;
  bool has_recap = false;     // the heading was there (even with nothing under it)
  std::string problem;        // why there is no usable text (missing or unreadable file), in words
  // Set by the shell when it shows another language than the one asked for (no lesson.zh-CN.md
  // yet): one line in the asked language, above the text.
  std::string language_note;

  // The section for 0-based `step`: the one numbered step+1, else the step-th section; null if none.
  const StepSection* section_for(int step) const;
};

LessonDocument split_lesson(std::vector<Block> blocks);
// Reads and splits a lesson file; a missing or unreadable file gives `problem`, never an exception.
LessonDocument load_lesson_document(const std::filesystem::path& file);
// The same from text already read (`file_name` only names it in `problem`): what the file loader
// and the fuzz target share. Any bytes give a document or a problem, never an exception.
LessonDocument lesson_document_from_text(std::string_view markdown, const std::string& file_name);

}  // namespace cudalab::app::markdown
