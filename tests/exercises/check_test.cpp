// Every exercise on the emulator, through the worker of the real executable.
#include <gtest/gtest.h>

#include "check_support.h"

namespace cudalab::exercise_tests {
namespace {

class EmulatorCheck : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_TRUE(checker.opened()) << checker.open_status().describe(); }
  Checker checker{BackendRequest::emulator};
};

TEST_F(EmulatorCheck, EverySolutionPasses) { expect_every_solution_passes(checker); }
TEST_F(EmulatorCheck, EveryStarterFailsButCompiles) { expect_every_starter_fails(checker); }
TEST_F(EmulatorCheck, WrongVariantsGetTheirVerdicts) { expect_variants_get_their_verdicts(checker, false); }
TEST_F(EmulatorCheck, BadInputGetsWordsWithinTheLimit) { expect_bad_input_gets_words(checker); }

TEST_F(EmulatorCheck, AWrongElementNamesItsWriterAndThePictureMarksIt) {
  const std::string off_by_one =
      "__global__ void add_ten(const float* a, float* out, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n - 1) out[i] = a[i] + 10.f;\n"
      "}\n";
  const ex::Verdict verdict = checker.check("guard", off_by_one);
  ASSERT_EQ(verdict.kind, ex::VerdictKind::wrong_result) << verdict.text();
  ASSERT_EQ(verdict.wrong.size(), 1u);
  EXPECT_EQ(verdict.wrong[0].index, 255);
  EXPECT_EQ(verdict.wrong[0].writer, "no thread wrote it");
  ASSERT_TRUE(verdict.picture.has_value());
  EXPECT_EQ(verdict.picture->cells[255], 2);
  EXPECT_EQ(verdict.picture->cells[0], 0);
}

TEST_F(EmulatorCheck, AnOutOfBoundsWriteNamesThreadBlockAndBuffer) {
  const std::string unguarded =
      "__global__ void add_ten(const float* a, float* out, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  out[i] = a[i] + 10.f;\n"
      "}\n";
  const ex::Verdict verdict = checker.check("guard", unguarded);
  ASSERT_EQ(verdict.kind, ex::VerdictKind::out_of_bounds) << verdict.text();
  // n = 1000 in 4 blocks of 256: thread 232 of block 3 is index 1000, the first outside.
  EXPECT_NE(verdict.details.front().english().find("of block (3,0,0)"), std::string::npos) << verdict.text();
  EXPECT_NE(verdict.details.front().english().find("a[1000]"), std::string::npos) << verdict.text();
}

TEST_F(EmulatorCheck, ReadingTwiceIsTooMany) {
  const std::string twice =
      "__global__ void add_ten(const float* a, float* out, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n) out[i] = a[i] + a[i] * 0.f + 10.f;\n"
      "}\n";
  const ex::Verdict verdict = checker.check("guard", twice);
  EXPECT_EQ(verdict.kind, ex::VerdictKind::too_many_accesses) << verdict.text();
}

TEST_F(EmulatorCheck, WhatTheKernelPrintsComesWithTheVerdict) {
  const std::string printing =
      "__global__ void add_ten(const float* a, float* out, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i == 0) printf(\"n is %d\\n\", n);\n"
      "  if (i < n) out[i] = a[i] + 10.f;\n"
      "}\n";
  const ex::Verdict verdict = checker.check("guard", printing);
  EXPECT_TRUE(verdict.passed()) << verdict.text();
  EXPECT_NE(verdict.printed.find("n is 256\nn is 1000\nn is 4097"), std::string::npos) << verdict.printed;
}

}  // namespace
}  // namespace cudalab::exercise_tests
