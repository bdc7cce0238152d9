// Fuzz target: a chapter's lesson.md, as the app loads it (lesson_document_from_text is what
// load_lesson_document runs on the file's bytes). Promises checked on every input: no crash or
// exception, either a usable document or a problem in words, and only well-formed UTF-8 handed
// to the text widget.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_check.h"
#include "markdown/lesson_document.h"

using namespace cudalab::app::markdown;
using cudalab::fuzz::is_strict_utf8;

namespace {

void check_blocks(const std::vector<Block>& blocks) {
  for (const Block& block : blocks) {
    FUZZ_CHECK(is_strict_utf8(block.code));
    FUZZ_CHECK(is_strict_utf8(block.language));
    FUZZ_CHECK(is_strict_utf8(block.bullet));
    FUZZ_CHECK(block.kind != BlockKind::heading || (block.level >= 1 && block.level <= 6));
    FUZZ_CHECK(block.indent >= 0);
    for (const Span& span : block.spans) {
      FUZZ_CHECK(is_strict_utf8(span.text));
      FUZZ_CHECK(is_strict_utf8(span.href));
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const LessonDocument document = lesson_document_from_text(text, "lesson.md");
  if (!document.problem.empty()) {
    FUZZ_CHECK(document.steps.empty() && document.title.empty());  // a problem means no text to show
    return 0;
  }
  FUZZ_CHECK(is_strict_utf8(document.title));
  check_blocks(document.intro);
  for (const StepSection& step : document.steps) {
    FUZZ_CHECK(step.number >= 0 && step.number <= 9999);
    FUZZ_CHECK(is_strict_utf8(step.title));
    check_blocks(step.blocks);
    check_blocks(step.teacher_notes);
  }
  check_blocks(document.recap);
  FUZZ_CHECK(document.recap.empty() || document.has_recap);
  // What the step buttons ask for, including one past each end.
  for (int step = -1; step <= static_cast<int>(document.steps.size()) + 1; ++step) {
    const StepSection* section = document.section_for(step);
    FUZZ_CHECK(section == nullptr ||
               (section >= document.steps.data() && section < document.steps.data() + document.steps.size()));
  }
  return 0;
}
