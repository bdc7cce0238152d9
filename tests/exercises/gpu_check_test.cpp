// Every exercise on a real GPU (NVRTC), through the worker; skips without a GPU (label gpu).
#include <gtest/gtest.h>

#include "check_support.h"

namespace cudalab::exercise_tests {
namespace {

class GpuCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    cudalab::Message why_none;
    if (query_cuda_devices(&why_none).empty()) GTEST_SKIP() << "no GPU: " << why_none;
    ASSERT_TRUE(checker.opened()) << checker.open_status().describe();
  }
  Checker checker{BackendRequest::gpu};
};

TEST_F(GpuCheck, EverySolutionPasses) { expect_every_solution_passes(checker); }
TEST_F(GpuCheck, EveryStarterFailsButCompiles) { expect_every_starter_fails(checker); }
TEST_F(GpuCheck, WrongVariantsGetTheirVerdicts) { expect_variants_get_their_verdicts(checker, true); }
TEST_F(GpuCheck, BadInputGetsWordsWithinTheLimit) { expect_bad_input_gets_words(checker); }

}  // namespace
}  // namespace cudalab::exercise_tests
