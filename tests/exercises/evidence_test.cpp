// The verdict is decided where no student code runs (lessons/exercises/evidence.h): a pass the
// worker claims stands only with outputs that match the CPU reference computed here.
#include <gtest/gtest.h>

#include <cstring>

#include "cudalab/run.h"
#include "exercises/evidence.h"
#include "exercises/exercise.h"
#include "exercises/verdict.h"

namespace cudalab::lessons::exercises {
namespace {

const Exercise& guard() { return *find_exercise("guard"); }

std::string bytes_of(const ArgValue& value) {
  std::string bytes(value.size() * 4, '\0');
  std::memcpy(bytes.data(), value.floats.empty() ? static_cast<const void*>(value.ints.data()) : value.floats.data(), bytes.size());
  return bytes;
}

// What an honest worker sends for a kernel that computed every test right.
CheckEvidence right_outputs(const Exercise& exercise) {
  CheckEvidence evidence;
  for (const TestCase& test : exercise.cases()) {
    auto& outputs = evidence.tests.emplace_back();
    for (std::size_t p = 0; p < exercise.params.size(); ++p)
      if (test.expected[p]) outputs[exercise.params[p].name] = bytes_of(*test.expected[p]);
  }
  return evidence;
}

Verdict claimed_pass(const Exercise& exercise) {
  Verdict verdict;
  verdict.kind = VerdictKind::passed;
  verdict.exercise = exercise.id;
  verdict.headline = cudalab::lessons::Message::text("Passed all 3 tests");
  return verdict;
}

Run run_with(const Verdict& verdict, const CheckEvidence* evidence) {
  Run run;
  run.results["verdict"] = to_json(verdict);
  if (evidence != nullptr) run.results["evidence"] = to_json(*evidence);
  return run;
}

TEST(Base64, RoundTripsEveryLengthAndRefusesJunk) {
  std::string bytes;
  for (int n = 0; n < 40; ++n) {
    std::string back;
    ASSERT_TRUE(base64_decode(base64_encode(bytes), &back)) << n;
    EXPECT_EQ(back, bytes) << n;
    bytes += static_cast<char>(n * 37 + 200);
  }
  EXPECT_EQ(base64_encode("Man"), "TWFu");
  EXPECT_EQ(base64_encode("Ma"), "TWE=");
  std::string out;
  EXPECT_FALSE(base64_decode("TWF", &out));
  EXPECT_FALSE(base64_decode("TW=u", &out));
  EXPECT_FALSE(base64_decode("T\"Fu", &out));
}

TEST(Evidence, APassWithTheRightOutputsStands) {
  const CheckEvidence evidence = right_outputs(guard());
  const Verdict verdict = verdict_of_run(run_with(claimed_pass(guard()), &evidence), "guard");
  EXPECT_TRUE(verdict.passed()) << verdict.text();
  EXPECT_EQ(verdict.tests_passed, static_cast<int>(guard().cases().size()));
}

TEST(Evidence, APassWithoutOutputsIsNotBelieved) {
  const Verdict verdict = verdict_of_run(run_with(claimed_pass(guard()), nullptr), "guard");
  EXPECT_EQ(verdict.kind, VerdictKind::cannot_run) << verdict.text();
  EXPECT_NE(verdict.text().find("holds no outputs for this test"), std::string::npos) << verdict.text();
}

TEST(Evidence, APassWithOneWrongElementIsAWrongResult) {
  CheckEvidence evidence = right_outputs(guard());
  std::string& out = evidence.tests.back().at("out");
  const float bad = -1234.5F;
  std::memcpy(out.data() + 4 * 7, &bad, 4);
  const Verdict verdict = verdict_of_run(run_with(claimed_pass(guard()), &evidence), "guard");
  EXPECT_EQ(verdict.kind, VerdictKind::wrong_result) << verdict.text();
  EXPECT_NE(verdict.text().find("out[7] is -1234.5"), std::string::npos) << verdict.text();
  EXPECT_EQ(verdict.tests_passed, static_cast<int>(guard().cases().size()) - 1);
}

TEST(Evidence, OutputsOfTheWrongSizeOrATestShortAreNotBelieved) {
  CheckEvidence shorter = right_outputs(guard());
  shorter.tests.front().at("out").pop_back();
  EXPECT_EQ(verdict_of_run(run_with(claimed_pass(guard()), &shorter), "guard").kind, VerdictKind::cannot_run);
  CheckEvidence fewer = right_outputs(guard());
  fewer.tests.pop_back();
  EXPECT_EQ(verdict_of_run(run_with(claimed_pass(guard()), &fewer), "guard").kind, VerdictKind::cannot_run);
}

TEST(Evidence, APassForAnotherExerciseOrOfAnotherShapeIsNotBelieved) {
  Verdict other = claimed_pass(guard());
  other.exercise = "map";
  const CheckEvidence evidence = right_outputs(guard());
  EXPECT_EQ(verdict_of_run(run_with(other, &evidence), "guard").kind, VerdictKind::cannot_run);
  cudalab::Run run = run_with(claimed_pass(guard()), nullptr);
  run.results["evidence"] = {{"tests", {{{"out", 42}}}}};
  EXPECT_EQ(verdict_of_run(run, "guard").kind, VerdictKind::cannot_run);
  run.results["evidence"] = "not an object";
  EXPECT_EQ(verdict_of_run(run, "guard").kind, VerdictKind::cannot_run);
}

TEST(Evidence, AFailureStandsAsTheWorkerSaidIt) {
  Verdict failed = claimed_pass(guard());
  failed.kind = VerdictKind::out_of_bounds;
  failed.headline = cudalab::lessons::Message::text("Out of bounds: test 2 of 3");
  const Verdict verdict = verdict_of_run(run_with(failed, nullptr), "guard");
  EXPECT_EQ(verdict.kind, VerdictKind::out_of_bounds);
  EXPECT_EQ(verdict.headline.english(), "Out of bounds: test 2 of 3");
}

// A GPU's pass is weighed against the emulator's run of the same file (sandboxed_check.h): the
// verdict that comes of an H200's confirmed pass and an emulator run that found `kind`.
Verdict gpu_pass_against_emulator(VerdictKind kind, const std::string& headline) {
  const CheckEvidence evidence = right_outputs(guard());
  Verdict gpu = claimed_pass(guard());
  gpu.device = "NVIDIA H200";
  cudalab::Run run = run_with(gpu, &evidence);
  Verdict caught = claimed_pass(guard());
  caught.kind = kind;
  caught.headline = cudalab::lessons::Message::text(headline);
  caught.device = "CPU emulator";
  run.results["emulator_check"] = cudalab::to_json(run_with(caught, nullptr));
  return verdict_of_run(run, "guard");
}

TEST(Evidence, WhatTheEmulatorsChecksFindOverturnsAGpuPass) {
  const Verdict verdict = gpu_pass_against_emulator(VerdictKind::divergent_barrier, "Divergent barrier: test 1 of 3");
  EXPECT_EQ(verdict.kind, VerdictKind::divergent_barrier) << verdict.text();
  ASSERT_FALSE(verdict.details.empty());
  EXPECT_NE(verdict.details.front().english().find("Every test passed on NVIDIA H200, but the CPU emulator's checks found this"),
            std::string::npos)
      << verdict.text();
}

TEST(Evidence, AnAccessTheGpuDidNotFollowIsNotCalledTheSchedulesLuck) {
  const Verdict verdict = gpu_pass_against_emulator(VerdictKind::out_of_bounds, "Out of bounds: test 2 of 3");
  EXPECT_EQ(verdict.kind, VerdictKind::out_of_bounds) << verdict.text();
  ASSERT_FALSE(verdict.details.empty());
  EXPECT_EQ(verdict.details.front().english(), "Every test passed on NVIDIA H200, but the CPU emulator's closer checks found this:");
}

TEST(Evidence, WhereTheEmulatorCannotJudgeTheGpuPassStands) {
  const CheckEvidence evidence = right_outputs(guard());
  cudalab::Run run = run_with(claimed_pass(guard()), &evidence);
  for (VerdictKind kind : {VerdictKind::timed_out, VerdictKind::does_not_compile, VerdictKind::cannot_run}) {
    Verdict slow = claimed_pass(guard());
    slow.kind = kind;
    run.results["emulator_check"] = cudalab::to_json(run_with(slow, nullptr));
    EXPECT_TRUE(verdict_of_run(run, "guard").passed()) << to_string(kind);
  }
  run.results["emulator_check"] = "not a run";
  EXPECT_TRUE(verdict_of_run(run, "guard").passed());
}

// A GPU's kernel fault ("an illegal memory access") is placed by the emulator's bounds checks
// where they find the access (a __shared__ array past its end); any other finding leaves it.
TEST(Evidence, TheEmulatorPlacesAGpuFaultOutOfBounds) {
  Verdict gpu = claimed_pass(guard());
  gpu.kind = VerdictKind::kernel_fault;
  gpu.headline = cudalab::lessons::Message::text("Kernel fault: test 1 of 3");
  gpu.device = "NVIDIA H200";
  cudalab::Run run = run_with(gpu, nullptr);
  Verdict placed = claimed_pass(guard());
  placed.kind = VerdictKind::out_of_bounds;
  placed.headline = cudalab::lessons::Message::text("Out of bounds: test 1 of 3");
  placed.details = {cudalab::lessons::Message::text("thread (0,0,0) of block (0,0,0) read chunk[256], outside the __shared__ array chunk[256]")};
  run.results["emulator_check"] = cudalab::to_json(run_with(placed, nullptr));
  const Verdict verdict = verdict_of_run(run, "guard");
  EXPECT_EQ(verdict.kind, VerdictKind::out_of_bounds) << verdict.text();
  ASSERT_EQ(verdict.details.size(), 2u) << verdict.text();
  EXPECT_EQ(verdict.details.front().english(), "The kernel faulted on NVIDIA H200, and the CPU emulator's checks found where:");
  for (VerdictKind other : {VerdictKind::passed, VerdictKind::wrong_result, VerdictKind::data_race, VerdictKind::kernel_fault}) {
    placed.kind = other;
    run.results["emulator_check"] = cudalab::to_json(run_with(placed, nullptr));
    EXPECT_EQ(verdict_of_run(run, "guard").kind, VerdictKind::kernel_fault) << to_string(other);
  }
}

// A check that ended without its verdict (a crash, a hang) still names the test it was in.
TEST(Evidence, ACrashOrAHangNamesTheTestItWasIn) {
  cudalab::Run crashed;
  crashed.status = Status::error(StatusCode::kernel_fault, "assert(n > 0) failed at student.cu:3");
  crashed.results["stopped_in_test"] = 1;
  crashed.results["compile_seconds"] = 0.75;
  const Verdict fault = verdict_of_run(crashed, "guard");
  const TestCase second = guard().cases().at(1);
  EXPECT_EQ(fault.kind, VerdictKind::kernel_fault);
  EXPECT_EQ(fault.headline.english(), "Kernel fault: test 2 of " + std::to_string(guard().cases().size()) + " (" + second.name.english() + ")");
  EXPECT_EQ(fault.tests_passed, 1);
  EXPECT_DOUBLE_EQ(fault.compile_seconds, 0.75);
  EXPECT_NE(fault.text().find("launched as " + second.launch.str()), std::string::npos) << fault.text();
  cudalab::Run compiling;
  compiling.status = Status::error(StatusCode::timeout, "stopped after 45.1 s: the compiler did not finish within 45.0 s (the "
                                                        "check's compile limit)");
  const Verdict slow = verdict_of_run(compiling, "guard");
  EXPECT_EQ(slow.headline.english(), "Timed out while compiling");
  EXPECT_EQ(slow.text().find("loop that never ends"), std::string::npos) << slow.text();
}

TEST(Evidence, TooMuchOutputIsRefusedBeforeDecoding) {
  CheckEvidence evidence = right_outputs(guard());
  CheckEvidence back;
  EXPECT_FALSE(from_json(to_json(evidence), &back, /*max_bytes=*/16).ok());
  EXPECT_TRUE(from_json(to_json(evidence), &back).ok());
  EXPECT_EQ(back.tests, evidence.tests);
}

}  // namespace
}  // namespace cudalab::lessons::exercises
