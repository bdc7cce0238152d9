// The worker process on a real GPU: after a kernel traps (a sticky error that leaves this
// process's context unusable), the next run works on the GPU without restarting anything — a
// fresh worker, a fresh context. Skips without a GPU (labelled `gpu`).
#include <gtest/gtest.h>

#include "cudalab/device.h"
#include "worker_test_support.h"

using namespace std::chrono_literals;

namespace cudalab::app::worker {
namespace {

using namespace drills;

// A worker with the GPU open, and the drills' chapter; skips without a GPU.
class GpuWorker : public ::testing::Test {
 protected:
  void SetUp() override {
    cudalab::Message why_none;
    if (query_cuda_devices(&why_none).empty()) GTEST_SKIP() << "no GPU: " << why_none;
    chapter = fault_drills_chapter();
    ASSERT_GE(chapter, 0);
    DeviceFacts facts;
    ASSERT_TRUE(client.open({BackendRequest::gpu, 0}, nullptr, &facts).ok());
    ASSERT_TRUE(facts.is_gpu());
  }
  WorkerClient client{CUDALAB_EXE};
  int chapter = -1;
};

TEST_F(GpuWorker, AfterATrapTheNextRunWorksOnTheGpu) {
  for (Drill fault : {trap, failing_assert, write_past}) {
    lessons::RunControl control;
    const cudalab::Run bad = client.run(chapter, 0, drill(fault, fault == write_past ? (1 << 28) : 1), control, 30s);
    EXPECT_EQ(bad.status.code, StatusCode::kernel_fault) << "drill " << fault << ": " << bad.status.describe();
    EXPECT_NE(bad.status.message.find("fresh worker process"), std::string::npos) << bad.status.message;
    lessons::RunControl again;
    const cudalab::Run next = client.run(chapter, 0, drill(nothing), again, 30s);
    EXPECT_TRUE(next.status.ok()) << "after drill " << fault << ": " << next.status.describe();
    EXPECT_TRUE(next.device.is_gpu()) << "the next run is on the GPU again";
  }
}

// Chapter 4's last step: a read 1 GiB past the end is accepted by the launch and reported by the
// wait; the step shows it (its run succeeds), the worker that lost its context retires, and the
// next run works on the GPU.
TEST_F(GpuWorker, TheRoundTripsReadPastTheEndIsReportedByTheWaitAndTheNextRunWorks) {
  const auto lessons = lessons::make_lessons();
  int roundtrip = -1;
  for (std::size_t i = 0; i < lessons.size(); ++i)
    if (lessons[i]->id() == "roundtrip") roundtrip = static_cast<int>(i);
  ASSERT_GE(roundtrip, 0);
  constexpr int errors_step = 4;
  lessons::RunControl control;
  const cudalab::Run run = client.run(roundtrip, errors_step, {{"mistake", 3}, {"shift", 1 << 28}}, control, 30s);
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_TRUE(run.status.device_was_reset);
  EXPECT_EQ(run.results.value("reported_by", -1), 1);
  EXPECT_TRUE(run.results.value("context_lost", false));
  const auto calls = run.results.value("calls", nlohmann::json::array());
  ASSERT_EQ(calls.size(), 3u);
  EXPECT_EQ(calls[0].value("cuda_error", std::string()), "cudaSuccess");
  // What lies 1 GiB past the end depends on what else the GPU has mapped: the fault comes back as
  // an illegal address or, at times, as an invalid address space (lessons/04_round_trip/lesson.md).
  const std::string fault = calls[1].value("cuda_error", std::string());
  EXPECT_TRUE(fault == "cudaErrorIllegalAddress" || fault == "cudaErrorInvalidAddressSpace") << fault;
  EXPECT_FALSE(calls[2].value("ok", true)) << calls[2];
  // The name a plain program gets from that copy: the same fault again (sticky).
  EXPECT_EQ(calls[2].value("cuda_error", std::string()), fault);
  lessons::RunControl again;
  const cudalab::Run next = client.run(roundtrip, errors_step, {{"mistake", 0}, {"shift", 1}}, again, 30s);
  ASSERT_TRUE(next.status.ok()) << next.status.describe();
  EXPECT_TRUE(next.device.is_gpu());
  EXPECT_EQ(next.results.value("elements_right", 0), 4096);
}

TEST_F(GpuWorker, AHungGpuKernelStopsAtTheTimeLimit) {
  const auto started = std::chrono::steady_clock::now();
  lessons::RunControl control;
  const cudalab::Run hung = client.run(chapter, 0, drill(hang), control, 2s);
  EXPECT_EQ(hung.status.code, StatusCode::timeout) << hung.status.describe();
  EXPECT_LT(std::chrono::steady_clock::now() - started, 3500ms);
  lessons::RunControl again;
  const cudalab::Run next = client.run(chapter, 0, drill(nothing), again, 30s);
  EXPECT_TRUE(next.status.ok()) << next.status.describe();
}

// Every drill on the GPU, each followed by a normal run; prints the table for the record. A
// divergent barrier is undefined behaviour: on Volta and later it may finish or hang (then the
// time limit stops it); either way the next run must work.
TEST_F(GpuWorker, EveryFaultDrillThenANormalRun) {
  std::vector<DrillRow> rows;
  rows.push_back(drill_row(client, chapter, "hang (limit 2 s)", hang, 1, 2s));
  rows.push_back(drill_row(client, chapter, "trap", trap, 1, 20s));
  rows.push_back(drill_row(client, chapter, "write 1 GiB past the end", write_past, 1 << 28, 20s));
  rows.push_back(drill_row(client, chapter, "read 1 GiB past the end", read_past, 1 << 28, 20s));
  rows.push_back(drill_row(client, chapter, "dynamic shared: asks 0, uses 4 KiB", shared_overrun, 1, 20s));
  rows.push_back(drill_row(client, chapter, "failing assert", failing_assert, 1, 20s));
  rows.push_back(drill_row(client, chapter, "divergent barrier (limit 5 s)", divergent_barrier, 1, 5s));
  rows.push_back(drill_row(client, chapter, "worker killed mid-run", hang, 1, 20s, 500ms));
  print_drill_table("GPU", rows);
  for (const DrillRow& row : rows) {
    EXPECT_TRUE(row.next_ok) << row.name;
    if (row.name.rfind("divergent", 0) != 0) EXPECT_NE(row.code, StatusCode::ok) << row.name;
  }
}

}  // namespace
}  // namespace cudalab::app::worker
