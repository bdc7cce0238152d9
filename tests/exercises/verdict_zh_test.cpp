// Issue #14: a verdict reads in Chinese. Every exercise's starter and every wrong variant under
// variants/ is checked on the emulator (through the real executable's worker, as the app and
// `cudalab check` do); the headline and details the verdict pane and the CLI show are said in
// Chinese (lessons/text/message.h), and no English word may be left but names: CUDA identifiers,
// kernels, code, units, numbers — and a compiler's own message after "第 N 行：". Issue #28: every
// message with holes that a verdict carries is the catalog's (lessons/exercises/strings.zh-CN.po),
// said by a lookup and a format, never by the app's patterns for English from elsewhere: a text
// argument the catalog lacks (a test's name, a note) would go to those patterns, and fails here.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "check_support.h"
#include "i18n/text_patterns.h"
#include "text/catalog.h"
#include "text/message.h"
#include "text/say.h"
#include "uncatalogued.h"

namespace cudalab::exercise_tests {
namespace {

namespace i18n = app::i18n;

using cudalab::test::uncatalogued;

// The patterns the app's tables matched while a verdict was said (say.h: set_argument_words), and
// the text each parsed.
std::vector<std::string>* patterned = nullptr;
std::string chinese_argument_noting_patterns(std::string_view english) {
  std::set<std::string_view> used;
  std::string chinese = i18n::translate_text(english, i18n::Language::zh_cn, &used);
  if (patterned != nullptr)
    for (std::string_view pattern : used) patterned->push_back(fmt::format("\"{}\" parsed by \"{}\"", english, pattern));
  return chinese;
}

// The English left in a verdict's Chinese, by line, the messages the catalog lacks and the text
// arguments the app's patterns had to parse.
std::vector<std::string> english_left(const ex::Verdict& verdict) {
  const lessons::SpeakIn chinese(lessons::Language::zh_cn);
  std::vector<std::string> left;
  std::vector<lessons::Message> lines = verdict.details;
  lines.insert(lines.begin(), verdict.headline);
  for (const lessons::Message& shown : lines) {
    std::vector<std::string> missing;
    uncatalogued(shown, &missing);
    for (const std::string& id : missing) left.push_back("no catalog entry: " + id);
    std::vector<std::string> parsed;
    patterned = &parsed;
    lessons::text::set_argument_words(&chinese_argument_noting_patterns);
    const std::string line = lessons::said(shown);
    lessons::text::set_argument_words(&i18n::tr_text_zh);
    patterned = nullptr;
    // The compiler speaks English (g++, NVRTC): its message is quoted as it came, and its words
    // are the student's own.
    if (verdict.kind == ex::VerdictKind::does_not_compile && line.starts_with("第 ")) continue;
    for (const std::string& what : parsed) left.push_back("parsed back: " + what);
    if (!i18n::english_words_left(line).empty()) left.push_back(line);
  }
  return left;
}

// One exercise's verdicts (its starter, every wrong variant of it), or the machinery's own cases:
// one test each, so that each stays well inside the suite's time limit on a loaded machine.
class VerdictZhBase {
 protected:
  void expect_chinese(const ex::Verdict& verdict, const std::string& what) {
    ++checked;
    for (const std::string& line : english_left(verdict)) left[what] += "\n    " + line;
  }
  std::string report() const {
    std::string out;
    for (const auto& [what, lines] : left) out += what + ":" + lines + "\n";
    return out;
  }
  Checker checker{BackendRequest::emulator};
  std::map<std::string, std::string> left;
  int checked = 0;
};

std::vector<std::string> exercise_ids() {
  std::vector<std::string> ids;
  for (const ex::Exercise& exercise : ex::all_exercises()) ids.push_back(exercise.id);
  return ids;
}

class VerdictZh : public VerdictZhBase, public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { ASSERT_TRUE(checker.opened()) << checker.open_status().describe(); }
};

TEST_P(VerdictZh, TheStarterAndEveryWrongVariantReadInChinese) {
  const ex::Exercise* exercise = ex::find_exercise(GetParam());
  ASSERT_NE(exercise, nullptr);
  expect_chinese(checker.check(exercise->id, std::string(exercise->starter())), exercise->id + " starter");
  for (const Variant& variant : all_variants())
    if (variant.exercise == exercise->id)
      expect_chinese(checker.check(variant.exercise, variant.source), variant.exercise + "/" + variant.file.filename().string());
  // A pass lists the tests by name.
  if (exercise->id == "map" || exercise->id == "matmul_tiled" || exercise->id == "stencil")
    expect_chinese(checker.check(exercise->id, std::string(exercise->solution())), exercise->id + " solution");
  EXPECT_GT(checked, 1) << "no variants of " << exercise->id << " under " << CUDALAB_VARIANTS_DIR;
  EXPECT_TRUE(left.empty()) << left.size() << " verdicts keep English words:\n" << report();
}

INSTANTIATE_TEST_SUITE_P(Exercises, VerdictZh, ::testing::ValuesIn(exercise_ids()),
                         [](const auto& info) { return info.param; });

class VerdictZhMachinery : public VerdictZhBase, public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(checker.opened()) << checker.open_status().describe(); }
};

// What the machinery says before anything runs: an empty file, a missing kernel, a bad signature.
TEST_F(VerdictZhMachinery, WhatIsSaidBeforeAnythingRunsReadsInChinese) {
  expect_chinese(checker.check("guard", ""), "empty file");
  expect_chinese(checker.check("guard", "int x = 3;"), "no kernel");
  expect_chinese(checker.check("guard", "__global__ void add_ten(float* a, float* out, int n) {}"), "wrong signature");
  expect_chinese(checker.check("guard", "__global__ void add_ten(const float* a, float* out) {}"), "a parameter short");
  EXPECT_TRUE(left.empty()) << left.size() << " verdicts keep English words:\n" << report();
}

}  // namespace
}  // namespace cudalab::exercise_tests
