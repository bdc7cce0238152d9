// The worker process on the emulator: a run comes back as a Run, the worker stays warm, and every
// fault drill — hang, cancel, trap, wild write, assert, divergent barrier, the worker killed —
// ends with its message in words while the next run succeeds.
#include <signal.h>

#include <chrono>
#include <thread>

#include <gtest/gtest.h>

#include "i18n/text_patterns.h"
#include "text/message.h"
#include "text/say.h"
#include "uncatalogued.h"
#include "worker_test_support.h"

using namespace std::chrono_literals;

namespace cudalab::app::worker {
namespace {

using namespace drills;
using Clock = std::chrono::steady_clock;
using cudalab::test::uncatalogued;

class WorkerOnEmulator : public ::testing::Test {
 protected:
  void SetUp() override {
    chapter = fault_drills_chapter();
    ASSERT_GE(chapter, 0);
    DeviceFacts facts;
    ASSERT_TRUE(client.open({BackendRequest::emulator, 0}, nullptr, &facts).ok());
    ASSERT_FALSE(facts.is_gpu());
  }
  cudalab::Run run_drill(Drill which, std::chrono::milliseconds limit = 20s, int past_end = 1) {
    lessons::RunControl control;
    return client.run(chapter, 0, drill(which, past_end), control, limit);
  }
  // After any fault, the next run works.
  void expect_next_run_works() {
    const cudalab::Run next = run_drill(nothing);
    EXPECT_TRUE(next.status.ok()) << next.status.describe();
    EXPECT_EQ(next.results.value("first_out", -1), 0);
  }

  WorkerClient client{CUDALAB_EXE};
  int chapter = -1;
};

TEST_F(WorkerOnEmulator, RunsAStepAndStaysWarm) {
  const cudalab::Run first = run_drill(nothing);
  ASSERT_TRUE(first.status.ok()) << first.status.describe();
  EXPECT_EQ(first.lesson, "faults");
  const pid_t worker = client.worker_pid();
  EXPECT_GT(worker, 0);
  EXPECT_TRUE(run_drill(nothing).status.ok());
  EXPECT_EQ(client.worker_pid(), worker) << "a healthy worker is kept between runs";
}

TEST_F(WorkerOnEmulator, AHungKernelStopsAtTheTimeLimit) {
  const auto started = Clock::now();
  const cudalab::Run run = run_drill(hang, 1s);
  const auto took = Clock::now() - started;
  EXPECT_EQ(run.status.code, StatusCode::timeout) << run.status.describe();
  EXPECT_NE(run.status.message.find("stopped after"), std::string::npos) << run.status.message;
  EXPECT_NE(run.status.message.find("the kernel was still running"), std::string::npos) << run.status.message;
  EXPECT_LT(took, 2s) << "limit 1 s + at most a second to stop";
  expect_next_run_works();
}

TEST_F(WorkerOnEmulator, CancelStopsAHungKernelWithinASecond) {
  lessons::RunControl control;
  Clock::time_point cancelled_at;
  std::thread canceller([&] {
    std::this_thread::sleep_for(300ms);
    cancelled_at = Clock::now();
    control.cancel = true;
  });
  const cudalab::Run run = client.run(chapter, 0, drill(hang), control, 60s);
  const auto stopped_at = Clock::now();
  canceller.join();
  EXPECT_EQ(run.status.code, StatusCode::cancelled) << run.status.describe();
  EXPECT_LT(stopped_at - cancelled_at, 1s);
  expect_next_run_works();
}

TEST_F(WorkerOnEmulator, ATrapIsAKernelFault) {
  const cudalab::Run run = run_drill(trap);
  EXPECT_EQ(run.status.code, StatusCode::kernel_fault) << run.status.describe();
  EXPECT_NE(run.status.message.find("__trap()"), std::string::npos) << run.status.message;
  expect_next_run_works();
}

TEST_F(WorkerOnEmulator, AWildWriteEndsTheWorkerNotTheApp) {
  // A gibibyte past the end of a small buffer: memory this process has not mapped.
  const cudalab::Run run = run_drill(write_past, 20s, 1 << 28);
  EXPECT_EQ(run.status.code, StatusCode::kernel_fault) << run.status.describe();
  EXPECT_NE(run.status.message.find("segmentation fault"), std::string::npos) << run.status.message;
  EXPECT_NE(run.status.message.find("faults step 1"), std::string::npos) << run.status.message;
  expect_next_run_works();
}

TEST_F(WorkerOnEmulator, AFailingAssertFromCassertIsAKernelFaultWithItsLine) {
  const cudalab::Run run = run_drill(failing_assert);
  EXPECT_EQ(run.status.code, StatusCode::kernel_fault) << run.status.describe();
  EXPECT_NE(run.status.message.find("kernels.cuh:"), std::string::npos) << run.status.message;
  EXPECT_NE(run.status.message.find("threadIdx.x < n"), std::string::npos) << run.status.message;
  expect_next_run_works();
}

TEST_F(WorkerOnEmulator, ADivergentBarrierIsReportedNotHung) {
  const cudalab::Run run = run_drill(divergent_barrier);
  EXPECT_EQ(run.status.code, StatusCode::divergent_barrier) << run.status.describe();
  expect_next_run_works();
}

TEST_F(WorkerOnEmulator, AWorkerKilledMidRunIsSaidAndReplaced) {
  lessons::RunControl control;
  std::thread killer([&] {
    std::this_thread::sleep_for(300ms);
    ::kill(client.worker_pid(), SIGKILL);
  });
  const cudalab::Run run = client.run(chapter, 0, drill(hang), control, 60s);
  killer.join();
  EXPECT_EQ(run.status.code, StatusCode::kernel_fault) << run.status.describe();
  EXPECT_NE(run.status.message.find("killed by signal 9"), std::string::npos) << run.status.message;
  expect_next_run_works();
}

TEST_F(WorkerOnEmulator, AbandoningStopsAtOnce) {
  lessons::RunControl control;
  std::thread quitter([&] {
    std::this_thread::sleep_for(300ms);
    client.abandon();
  });
  const auto started = Clock::now();
  const cudalab::Run run = client.run(chapter, 0, drill(hang), control, 60s);
  quitter.join();
  EXPECT_EQ(run.status.code, StatusCode::cancelled);
  EXPECT_LT(Clock::now() - started, 1300ms);
  EXPECT_EQ(client.worker_pid(), -1);
}

TEST_F(WorkerOnEmulator, EveryFaultDrillThenANormalRun) {
  std::vector<DrillRow> rows;
  rows.push_back(drill_row(client, chapter, "hang (limit 1 s)", hang, 1, 1s));
  rows.push_back(drill_row(client, chapter, "trap", trap, 1, 20s));
  rows.push_back(drill_row(client, chapter, "write 1 element past the end", write_past, 1, 20s));
  rows.push_back(drill_row(client, chapter, "read 1 element past the end", read_past, 1, 20s));
  rows.push_back(drill_row(client, chapter, "dynamic shared: asks 0, uses 4 KiB", shared_overrun, 1, 20s));
  rows.push_back(drill_row(client, chapter, "failing assert", failing_assert, 1, 20s));
  rows.push_back(drill_row(client, chapter, "divergent barrier", divergent_barrier, 1, 20s));
  rows.push_back(drill_row(client, chapter, "worker killed mid-run", hang, 1, 20s, 300ms));
  rows.push_back(drill_row(client, chapter, "wild write a GiB past the end", write_past, 1 << 28, 20s));
  print_drill_table("emulator", rows);
  for (const DrillRow& row : rows) {
    EXPECT_TRUE(row.next_ok) << row.name;
    EXPECT_NE(row.code, StatusCode::ok) << row.name;
    // Said by its message in Chinese (the crash handler's last words included): every message is
    // the catalog's, and no English is left but names, code and numbers.
    ASSERT_FALSE(row.words.empty()) << row.name << ": " << row.message;
    EXPECT_EQ(row.words.english(), row.message) << row.name;
    const lessons::SpeakIn chinese(lessons::Language::zh_cn);
    const std::string said = lessons::said(row.words);
    EXPECT_EQ(i18n::english_words_left(said), std::vector<std::string>{}) << row.name << ": " << said;
    EXPECT_EQ(uncatalogued(row.words), std::vector<std::string>{}) << row.name;
  }
}

TEST(WorkerChannel, AWorkerStartedByHandSaysHowItIsMeant) {
  // `cudalab worker` without the app's channel: a usage message, not a hang.
  const std::string command = std::string(CUDALAB_EXE) + " worker 3>&- 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  char line[256] = {};
  const bool got = std::fgets(line, sizeof line, pipe) != nullptr;
  const int status = ::pclose(pipe);
  ASSERT_TRUE(got);
  EXPECT_NE(std::string(line).find("started by the app itself"), std::string::npos) << line;
  EXPECT_EQ(WEXITSTATUS(status), 2);
}

}  // namespace
}  // namespace cudalab::app::worker

namespace cudalab::app::worker {
namespace {

TEST_F(WorkerOnEmulator, TheFirstBytePastABufferFaultsAndIsNamed) {
  // data[n] of an n-int buffer: one element past the end, where the guard page begins.
  const cudalab::Run run = run_drill(write_past, 20s, 1);
  EXPECT_EQ(run.status.code, StatusCode::kernel_fault) << run.status.describe();
  EXPECT_NE(run.status.message.find("kernel write_past_end, block (0,0,0), thread ("), std::string::npos)
      << run.status.message;
  EXPECT_NE(run.status.message.find("byte 4096 of a 4096-byte device buffer, past its end"), std::string::npos)
      << run.status.message;
  expect_next_run_works();
}

TEST_F(WorkerOnEmulator, AReadPastTheEndFaultsToo) {
  const cudalab::Run run = run_drill(read_past, 20s, 1);
  EXPECT_EQ(run.status.code, StatusCode::kernel_fault) << run.status.describe();
  EXPECT_NE(run.status.message.find("kernel read_past_end"), std::string::npos) << run.status.message;
  expect_next_run_works();
}

}  // namespace
}  // namespace cudalab::app::worker

namespace cudalab::app::worker {
namespace {

// Chapter 4's last step on the emulator, as the app runs it: the read past the end of d_in meets
// the guard page, the worker names kernel, block and thread, and the run comes back with what the
// step published before the launch (the picture the app keeps); the next run works.
TEST_F(WorkerOnEmulator, TheRoundTripsReadPastTheEndStopsTheWorkerAndIsNamed) {
  const auto lessons = lessons::make_lessons();
  int roundtrip = -1;
  for (std::size_t i = 0; i < lessons.size(); ++i)
    if (lessons[i]->id() == "roundtrip") roundtrip = static_cast<int>(i);
  ASSERT_GE(roundtrip, 0);
  constexpr int errors_step = 4;
  constexpr double read_past_end = 3, too_many_threads = 1;
  lessons::RunControl control;
  const cudalab::Run run = client.run(roundtrip, errors_step, {{"mistake", read_past_end}, {"shift", 1}}, control, 20s);
  EXPECT_EQ(run.status.code, StatusCode::kernel_fault) << run.status.describe();
  // The last thread of the last block: in[4095 + 1], the first element past the end.
  EXPECT_NE(run.status.message.find("kernel copy_shifted, block (15,0,0), thread (255,0,0)"), std::string::npos)
      << run.status.message;
  EXPECT_NE(run.status.message.find("past its end"), std::string::npos) << run.status.message;
  EXPECT_NE(run.status.message.find("roundtrip step 5"), std::string::npos) << run.status.message;
  EXPECT_EQ(run.results.value("stage", std::string()), "launching") << "the partial run published before the launch";
  lessons::RunControl again;
  const cudalab::Run next = client.run(roundtrip, errors_step, {{"mistake", too_many_threads}, {"shift", 1}}, again, 20s);
  ASSERT_TRUE(next.status.ok()) << next.status.describe();
  EXPECT_EQ(next.results.value("reported_by", -1), 0);
}

TEST_F(WorkerOnEmulator, DynamicSharedMemoryPastTheLaunchsRequestFaults) {
  // The kernel asks for 0 bytes and uses 4 KiB: on the emulator the pages it did not ask for are
  // fenced off, so the first write faults and is named.
  const cudalab::Run run = run_drill(shared_overrun);
  EXPECT_EQ(run.status.code, StatusCode::kernel_fault) << run.status.describe();
  EXPECT_NE(run.status.message.find("kernel use_dynamic_shared"), std::string::npos) << run.status.message;
  EXPECT_NE(run.status.message.find("dynamic shared memory (extern __shared__ scratch[]), but the launch asked for 0 bytes"),
            std::string::npos)
      << run.status.message;
  expect_next_run_works();
}

}  // namespace
}  // namespace cudalab::app::worker

#include "session/lesson_runner.h"

namespace cudalab::app::worker {
namespace {

// The window's runner on the real worker: quitting while a kernel hangs takes well under a second.
TEST(WorkerRunner, QuittingMidRunReturnsWithinASecond) {
  const int chapter = fault_drills_chapter();
  ASSERT_GE(chapter, 0);
  auto lessons = lessons::make_lessons();
  Clock::time_point quit_at;
  {
    LessonRunner runner(&lessons, RunnerServices::real(CUDALAB_EXE));
    runner.start({BackendRequest::emulator, 0});
    LessonRunner::Request hang_request;
    hang_request.chapter = chapter;
    hang_request.values = drill(hang);
    runner.submit(hang_request);
    for (int i = 0; i < 500 && !runner.busy(); ++i) std::this_thread::sleep_for(10ms);
    std::this_thread::sleep_for(500ms);  // the worker is up and the kernel spins
    ASSERT_TRUE(runner.busy());
    quit_at = Clock::now();
  }  // ~LessonRunner: the app quitting
  EXPECT_LT(Clock::now() - quit_at, 1s);
}

}  // namespace
}  // namespace cudalab::app::worker
