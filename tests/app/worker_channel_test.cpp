// A worker taken over by a student's code (tests/app/hostile_worker.cpp plays it): whatever it
// sends, the check ends within its limits, in words, and never as a pass it cannot bear out.
#include <stdlib.h>

#include <chrono>

#include <gtest/gtest.h>

#include "exercises/verdict.h"
#include "worker/worker_client.h"

using namespace std::chrono_literals;

namespace cudalab::app::worker {
namespace {

using Clock = std::chrono::steady_clock;
namespace ex = lessons::exercises;

cudalab::Run check_with(const char* attack, std::chrono::milliseconds limit = 20s) {
  ::setenv("CUDALAB_HOSTILE_WORKER", attack, 1);
  WorkerClient client(CUDALAB_HOSTILE_WORKER_EXE);
  lessons::RunControl control;
  return client.check("guard", "__global__ void add_ten(const float* a, float* out, int n) {}", control, limit);
}

TEST(HostileWorker, AForgedPassWithoutOutputsIsNotAPass) {
  const cudalab::Run run = check_with("forged-pass");
  const ex::Verdict verdict = ex::verdict_of_run(run, "guard");
  EXPECT_FALSE(verdict.passed()) << verdict.text();
  EXPECT_NE(verdict.text().find("holds no outputs"), std::string::npos) << verdict.text();
}

TEST(HostileWorker, AFloodOfProgressDoesNotKeepTheTimeLimitFromFiring) {
  const auto started = Clock::now();
  const cudalab::Run run = check_with("flood", 1s);
  EXPECT_EQ(run.status.code, StatusCode::timeout) << run.status.describe();
  EXPECT_LT(Clock::now() - started, 15s);
  EXPECT_EQ(ex::verdict_of_run(run, "guard").kind, ex::VerdictKind::timed_out);
}

TEST(HostileWorker, AMessageNestedAMillionDeepIsRefusedInWords) {
  const cudalab::Run run = check_with("deep");
  EXPECT_FALSE(run.status.ok());
  EXPECT_NE(run.status.message.find("nested too deep"), std::string::npos) << run.status.describe();
  EXPECT_FALSE(ex::verdict_of_run(run, "guard").passed());
}

}  // namespace
}  // namespace cudalab::app::worker
