// The exercise machinery's pure parts: finding and rewriting the kernel's parameters on the same
// lines, reading compiler messages, hints, and verdicts through JSON.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "cudalab/jit.h"
#include "exercises/exercise.h"
#include "exercises/pointer_copies.h"
#include "exercises/signature.h"
#include "exercises/verdict.h"

namespace cudalab::lessons::exercises {
namespace {

const Exercise& guard() { return *find_exercise("guard"); }

TEST(PointerCopies, CopiesOfAParameterBecomeCheckedPointers) {
  const std::string source =
      "__global__ void k(const float* a, float* out, int n) {\n"
      "  const float* p = a;  // float* in_a_comment = out;\n"
      "  float* __restrict__ q = out + threadIdx.x;\n"
      "  const float *r =\n"
      "      &a[2 * n];\n"
      "  const float* s = p - 1;\n"
      "  float local[4];\n"
      "  float* t = local;\n"
      "  float* u = tile;\n"
      "  const float* v = a + 1, *w = a;\n"
      "  x * y = a;\n"
      "}\n";
  const std::string text = instrument_pointer_copies(source, {"a", "out"}, {"tile"});
  EXPECT_NE(text.find("  auto p = a;  // float* in_a_comment = out;\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  auto q = out + threadIdx.x;\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  auto r = a + (2 * n);\n\n"), std::string::npos) << text;  // the line break kept
  EXPECT_NE(text.find("  auto s = p - 1;\n"), std::string::npos) << text;         // a copy of a copy
  EXPECT_NE(text.find("  float* t = local;\n"), std::string::npos) << text;       // not a parameter
  EXPECT_NE(text.find("  float* u = tile;\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  const float* v = a + 1, *w = a;\n"), std::string::npos) << text;  // two declarators
  EXPECT_NE(text.find("  x * y = a;\n"), std::string::npos) << text;
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), std::count(source.begin(), source.end(), '\n'));
}

TEST(Signature, TypesAreComparedWithoutSpacingOrRestrict) {
  EXPECT_EQ(normalize_type("const float *"), "const float*");
  EXPECT_EQ(normalize_type("float const*"), "const float*");
  EXPECT_EQ(normalize_type("float* __restrict__"), "float*");
  EXPECT_EQ(normalize_type("int"), "int");
}

TEST(Signature, PointersBecomeCheckedPointersOnTheSameLines) {
  const std::string source =
      "// comment mentioning add_ten(\n"
      "__global__ void add_ten(const float* a,\n"
      "                        float* __restrict__ out,\n"
      "                        int n) {\n"
      "  out[0] = a[0];\n"
      "}\n";
  const RewrittenSource rewritten = rewrite_kernel_parameters(source, guard());
  ASSERT_TRUE(rewritten.ok) << rewritten.problem;
  EXPECT_EQ(rewritten.line, 2);
  EXPECT_NE(rewritten.text.find("CUDALAB_PROBE::Ptr<const float> a, CUDALAB_PROBE::Ptr<float> out, int n"), std::string::npos)
      << rewritten.text;
  EXPECT_EQ(std::count(rewritten.text.begin(), rewritten.text.end(), '\n'), std::count(source.begin(), source.end(), '\n'));
  EXPECT_NE(rewritten.text.find("  out[0] = a[0];"), std::string::npos);
}

TEST(Signature, ProblemsAreSaidWithTheExpectedSignature) {
  const RewrittenSource missing = rewrite_kernel_parameters("void add_ten(const float* a, float* out, int n) {}", guard());
  EXPECT_FALSE(missing.ok);
  EXPECT_NE(missing.problem.english().find("must be a kernel"), std::string::npos) << missing.problem;
  const RewrittenSource wrong_type = rewrite_kernel_parameters("__global__ void add_ten(float* a, float* out, int n) {}", guard());
  EXPECT_FALSE(wrong_type.ok);
  EXPECT_NE(wrong_type.problem.english().find("instead of `const float*`"), std::string::npos) << wrong_type.problem;
  const RewrittenSource too_few = rewrite_kernel_parameters("__global__ void add_ten(const float* a) {}", guard());
  EXPECT_NE(too_few.problem.english().find("1 parameter instead of 3"), std::string::npos) << too_few.problem;
  const RewrittenSource in_comment = rewrite_kernel_parameters("/* __global__ void add_ten(const float* a, float* out, int n) */", guard());
  EXPECT_FALSE(in_comment.ok);
}

// Valid CUDA the grader once refused (issue #26): top-level const, __launch_bounds__ after
// `void`, a prototype before the definition.
TEST(Signature, TopLevelConstIsNotPartOfTheSignature) {
  EXPECT_EQ(normalize_type("float* const"), "float*");
  EXPECT_EQ(normalize_type("const float* const"), "const float*");
  EXPECT_EQ(normalize_type("const int"), "int");
  EXPECT_EQ(normalize_type("int const"), "int");
  const RewrittenSource rewritten =
      rewrite_kernel_parameters("__global__ void add_ten(const float* const a, float* const out, const int n) {}", guard());
  ASSERT_TRUE(rewritten.ok) << rewritten.problem;
  EXPECT_NE(rewritten.text.find("CUDALAB_PROBE::Ptr<const float> a, CUDALAB_PROBE::Ptr<float> out, int n"), std::string::npos)
      << rewritten.text;
}

TEST(Signature, LaunchBoundsMayStandAfterVoid) {
  for (const char* head : {"__global__ void __launch_bounds__(1024) add_ten(", "__global__ __launch_bounds__(256, 2) void add_ten("}) {
    const RewrittenSource rewritten = rewrite_kernel_parameters(std::string(head) + "const float* a, float* out, int n) {}", guard());
    EXPECT_TRUE(rewritten.ok) << head << ": " << rewritten.problem;
  }
}

TEST(Signature, APrototypeGetsTheSameParametersAsTheDefinition) {
  const std::string source =
      "__global__ void add_ten(const float*, float*, int);\n"
      "__global__ void add_ten(const float* a, float* out, int n) {\n"
      "}\n";
  const RewrittenSource rewritten = rewrite_kernel_parameters(source, guard());
  ASSERT_TRUE(rewritten.ok) << rewritten.problem;
  EXPECT_EQ(rewritten.line, 2);
  EXPECT_NE(rewritten.text.find("add_ten(CUDALAB_PROBE::Ptr<const float>, CUDALAB_PROBE::Ptr<float>, int);"), std::string::npos)
      << rewritten.text;
  EXPECT_NE(rewritten.text.find("add_ten(CUDALAB_PROBE::Ptr<const float> a, CUDALAB_PROBE::Ptr<float> out, int n) {"),
            std::string::npos)
      << rewritten.text;
  const RewrittenSource wrong = rewrite_kernel_parameters("__global__ void add_ten(float*, float*, int);\n" + source, guard());
  EXPECT_FALSE(wrong.ok);
  EXPECT_EQ(wrong.line, 1);
  const RewrittenSource unnamed = rewrite_kernel_parameters("__global__ void add_ten(const float*, float* out, int n) {}", guard());
  EXPECT_NE(unnamed.problem.english().find("parameter 1 has no name"), std::string::npos) << unnamed.problem;
}

TEST(Signature, ArrayParametersArePointers) {
  const RewrittenSource named = rewrite_kernel_parameters("__global__ void add_ten(const float a[], float out[256], int n) {}", guard());
  ASSERT_TRUE(named.ok) << named.problem;
  EXPECT_NE(named.text.find("CUDALAB_PROBE::Ptr<const float> a, CUDALAB_PROBE::Ptr<float> out, int n"), std::string::npos)
      << named.text;
  const RewrittenSource prototype =
      rewrite_kernel_parameters("__global__ void add_ten(const float[], float[], int);\n"
                                "__global__ void add_ten(const float* a, float* out, int n) {}",
                                guard());
  EXPECT_TRUE(prototype.ok) << prototype.problem;
}

TEST(CompilerMessages, GccClangAndNvrtcLinesAreRead) {
  const auto d = parse_compiler_messages(
      "student.cu: In function 'void add_ten()':\n"
      "student.cu:3:11: error: 'x' was not declared in this scope\n"
      "student.cu:4:2: warning: unused variable\n"
      "student.cu(7): error: identifier \"y\" is undefined\n"
      "kernel.cpp:1:10: fatal error: nope.h: No such file or directory\n");
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[0].line, 3);
  EXPECT_EQ(d[0].column, 11);
  EXPECT_TRUE(d[0].error);
  EXPECT_FALSE(d[1].error);
  EXPECT_EQ(d[2].line, 7);
  EXPECT_EQ(d[2].message, "identifier \"y\" is undefined");
  EXPECT_TRUE(d[3].error);
}

TEST(Exercises, EachHasItsFilesHintsAndUniqueId) {
  std::vector<std::string> ids;
  for (const Exercise& e : all_exercises()) {
    EXPECT_FALSE(e.statement().empty()) << e.id;
    EXPECT_FALSE(e.starter().empty()) << e.id;
    EXPECT_FALSE(e.solution().empty()) << e.id;
    EXPECT_FALSE(e.hints().empty()) << e.id;
    EXPECT_GE(e.cases().size(), 3u) << e.id;
    ids.push_back(e.id);
  }
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(std::adjacent_find(ids.begin(), ids.end()), ids.end());
  // The hint ladder: a question or an observation first (not the answer), the code last.
  for (const Exercise& e : all_exercises()) {
    const std::vector<std::string> hints = e.hints();
    ASSERT_EQ(hints.size(), 3u) << e.id;
    EXPECT_NE(hints[0].find('?'), std::string::npos) << e.id << ": hint 1 asks\n" << hints[0];
    EXPECT_EQ(hints[0].find("```"), std::string::npos) << e.id << ": hint 1 holds no code block\n" << hints[0];
    EXPECT_NE(hints[2].find("```"), std::string::npos) << e.id << ": hint 3 is the code\n" << hints[2];
  }
  EXPECT_EQ(guard().hints()[0].rfind("Take `n = 1000`", 0), 0u) << guard().hints()[0];
  EXPECT_FALSE(probe_header().empty());
}

// Issue #29: practice in every chapter, of every kind.
TEST(Exercises, EveryChapterHasTwoAndEveryKindIsPractised) {
  std::map<std::string, int> by_chapter;
  std::map<ExerciseKind, int> by_kind;
  for (const Exercise& e : all_exercises()) {
    ++by_chapter[e.chapter];
    ++by_kind[e.kind];
  }
  EXPECT_GE(all_exercises().size(), 40u);
  EXPECT_EQ(by_chapter.size(), 11u) << "chapters 0 to 10";
  for (const auto& [chapter, count] : by_chapter) EXPECT_GE(count, 2) << chapter;
  EXPECT_GE(by_kind[ExerciseKind::host], 4);
  EXPECT_GE(by_kind[ExerciseKind::speed], 4);
  for (const Exercise& e : all_exercises())
    if (e.kind == ExerciseKind::speed) {
      EXPECT_FALSE(e.speed.goals.empty()) << e.id;
      EXPECT_TRUE(static_cast<bool>(e.speed.timed)) << e.id << ": a speed exercise is timed on a GPU";
      EXPECT_LT(e.speed.traced_test, static_cast<int>(e.cases().size())) << e.id;
    }
}

TEST(Exercises, ChineseStatementsHaveTheEnglishHintsAndATitle) {
  for (const Exercise& e : all_exercises()) {
    ASSERT_NE(e.statement("zh-CN"), e.statement()) << e.id << " has no statement.zh-CN.md";
    EXPECT_EQ(e.hints("zh-CN").size(), e.hints().size()) << e.id;
    EXPECT_NE(e.title_in("zh-CN"), e.title) << e.id << ": its Chinese statement has no `# ` title";
  }
  EXPECT_EQ(guard().title_in("en"), "Add ten, with a guard");
}

TEST(Verdicts, RoundTripThroughJson) {
  Verdict v;
  v.kind = VerdictKind::wrong_result;
  v.exercise = "guard";
  v.headline = cudalab::lessons::Message::text("Wrong result: test 2 of 3");
  v.details = {cudalab::lessons::Message::text("a"), cudalab::lessons::Message::text("b")};
  v.diagnostics.push_back({"student.cu", 3, 4, true, "x"});
  v.wrong.push_back({"out", 7, 1.5, 2.5, "thread (7,0,0) of block (0,0,0)"});
  v.picture = CellPicture{"out", 4, 2, {0, 1, 2, 0, 0, 0, 0, 0}};
  v.printed = "n is 4\n";
  Verdict back;
  ASSERT_TRUE(from_json(to_json(v), &back).ok());
  EXPECT_EQ(back.kind, v.kind);
  EXPECT_EQ(back.headline, v.headline);
  EXPECT_EQ(back.details, v.details);
  EXPECT_EQ(back.printed, v.printed);
  EXPECT_EQ(back.diagnostics[0].line, 3);
  EXPECT_EQ(back.wrong[0].writer, v.wrong[0].writer);
  ASSERT_TRUE(back.picture);
  EXPECT_EQ(back.picture->cells, v.picture->cells);
  EXPECT_FALSE(from_json(nlohmann::json{{"verdict", "great"}}, &back).ok());
  EXPECT_FALSE(from_json(nlohmann::json::array(), &back).ok());
}

// A kernel that divides by zero still gets its verdict: JSON has no infinity or NaN.
TEST(Verdicts, InfinityAndNanInAWrongElementCrossJson) {
  Verdict v;
  v.kind = VerdictKind::wrong_result;
  v.wrong.push_back({"out", 0, 1.0, std::numeric_limits<double>::infinity(), "w"});
  v.wrong.push_back({"out", 1, -std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(), "w"});
  Verdict back;
  ASSERT_TRUE(from_json(nlohmann::json::parse(to_json(v).dump()), &back).ok());
  ASSERT_EQ(back.wrong.size(), 2u);
  EXPECT_TRUE(std::isinf(back.wrong[0].got) && back.wrong[0].got > 0);
  EXPECT_TRUE(std::isinf(back.wrong[1].expected) && back.wrong[1].expected < 0);
  EXPECT_TRUE(std::isnan(back.wrong[1].got));
}

}  // namespace
}  // namespace cudalab::lessons::exercises
