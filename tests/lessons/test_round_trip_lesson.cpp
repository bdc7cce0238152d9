// Chapter 4 headless: every step run for real, its numbers checked for sense (bytes counted right,
// results equal to the CPU's, times positive, ordered and labelled), its sweeps cancelled midway,
// its sizes beyond free memory refused in words. Run twice (one binary): on the emulator, and as
// gpu.* on a GPU (label gpu; skipped where there is none).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <chrono>
#include <optional>
#include <thread>

#include <fmt/format.h>

#include "lesson.h"
#include "lesson_test_support.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

namespace {

constexpr int kTimelineStep = 0, kPinnedStep = 1, kWorthItStep = 2, kOverlapStep = 3, kErrorsStep = 4;

struct RoundTripLesson : ChapterTest {
  RoundTripLesson() : ChapterTest("roundtrip") {}
};

}  // namespace

TEST_F(RoundTripLesson, ChapterIsRegisteredAfterTheMemoryModel) {
  ASSERT_GE(lessons.size(), 5u);
  EXPECT_EQ(lessons[3]->id(), "memory");
  EXPECT_EQ(lessons[4]->id(), "roundtrip");
  EXPECT_EQ(lessons[4]->folder(), "04_round_trip");
  EXPECT_EQ(lessons[4]->steps().size(), 5u);
}

TEST_F(RoundTripLesson, TheRoundTripIsTimedPhaseByPhaseAndDrawnToScale) {
  for (const char* pinned : {"pinned=off", "pinned=on"}) {
    SCOPED_TRACE(pinned);
    const int n = 100000;
    cudalab::Run run = run_step(kTimelineStep, {fmt::format("elements={}", n), pinned});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    EXPECT_EQ(run.results["elements_wrong"].get<std::size_t>(), 0u);
    const auto phases = run.results["phases"];
    ASSERT_EQ(phases.size(), 4u);
    double sum_ms = 0;
    for (std::size_t p = 0; p < 4; ++p) {
      const double bytes = phases[p]["bytes"].get<double>(), ms = phases[p]["ms"].get<double>();
      EXPECT_EQ(bytes, p == 2 ? 3.0 * 4 * n : 4.0 * n) << phases[p]["name"];  // the kernel reads a, b and writes c
      EXPECT_GT(ms, 0.0) << phases[p]["name"];
      EXPECT_NEAR(phases[p]["gbs"].get<double>(), bytes / (ms * 1e-3) / 1e9, 1e-9);
      sum_ms += ms;
    }
    EXPECT_NEAR(run.results["total_ms"].get<double>(), sum_ms, 1e-9);
    ASSERT_EQ(run.timings.size(), 4u);
    for (const Timing& t : run.timings) {
      EXPECT_EQ(t.source, device->timing_source());
      EXPECT_GE(t.repeats, 2);
      EXPECT_EQ(t.samples_ms.size(), static_cast<std::size_t>(t.repeats));
    }
    // Drawn to scale: the bars follow each other without gaps and end at the total.
    auto views = lesson->views(kTimelineStep, run);
    const auto* timeline = find_view<TimelineView>(views);
    ASSERT_NE(timeline, nullptr);
    ASSERT_EQ(timeline->bars.size(), 4u);
    EXPECT_EQ(timeline->bars[0].start, 0.0);
    for (std::size_t b = 1; b < 4; ++b) EXPECT_DOUBLE_EQ(timeline->bars[b].start, timeline->bars[b - 1].end);
    EXPECT_NEAR(timeline->bars[3].end, sum_ms * 1000, 1e-6);
    EXPECT_EQ(timeline->bars[2].row, 1);  // the kernel has its own row
    if (!device->is_gpu()) EXPECT_NE(timeline->title.find("not a GPU time"), std::string::npos) << timeline->title;
  }
}

TEST_F(RoundTripLesson, PageableAndPinnedAreSweptBothWaysOverEverySize) {
  cudalab::Run run = run_step(kPinnedStep, {"largest_mib=1"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  const auto sizes = run.results["sizes"].get<std::vector<std::size_t>>();
  EXPECT_EQ(sizes, (std::vector<std::size_t>{4096, 16384, 65536, 262144, 1048576}));
  const auto names = {"pageable → device", "pinned → device", "device → pageable", "device → pinned"};
  for (const char* name : names) {
    SCOPED_TRACE(name);
    const auto gbs = run.results["gbs"][name].get<std::vector<double>>();
    const auto ms = run.results["ms"][name].get<std::vector<double>>();
    ASSERT_EQ(gbs.size(), sizes.size());
    ASSERT_EQ(ms.size(), sizes.size());
    for (std::size_t i = 0; i < sizes.size(); ++i) {
      EXPECT_GT(ms[i], 0.0);
      EXPECT_NEAR(gbs[i], sizes[i] / (ms[i] * 1e-3) / 1e9, 1e-9);
    }
  }
  ASSERT_EQ(run.timings.size(), 4u);
  for (const Timing& t : run.timings) EXPECT_EQ(t.source, device->timing_source());
  auto views = lesson->views(kPinnedStep, run);
  const auto* chart = find_view<ChartView>(views);
  ASSERT_NE(chart, nullptr);
  ASSERT_EQ(chart->series.size(), 4u);
  EXPECT_TRUE(chart->log_x && chart->log_y);
  for (const auto& series : chart->series) EXPECT_EQ(series.x.size(), sizes.size());
  if (!device->is_gpu()) EXPECT_NE(chart->title.find("not a GPU figure"), std::string::npos) << chart->title;
}

TEST_F(RoundTripLesson, SweepChartsGrowPointByPointWhileTheyRun) {
  for (const auto& [step, sets] : {std::pair{kPinnedStep, std::vector<std::string>{"largest_mib=1"}},
                                   std::pair{kWorthItStep, std::vector<std::string>{"largest_elements=4096", "terms=4"}}}) {
    SCOPED_TRACE(step);
    RunControl control;
    std::vector<std::size_t> points_seen;
    control.on_partial = [&](const cudalab::Run& partial) {
      auto views = lesson->views(step, partial);
      const auto* chart = find_view<ChartView>(views);
      ASSERT_NE(chart, nullptr);
      for (const auto& series : chart->series) EXPECT_EQ(series.x.size(), series.y.size()) << series.name;
      points_seen.push_back(chart->series.front().y.size());
    };
    cudalab::Run run = run_step(step, sets, &control);
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    const std::size_t sizes = run.results["sizes"].size();
    ASSERT_EQ(points_seen.size(), sizes);  // one hand-over per size measured
    for (std::size_t i = 0; i < points_seen.size(); ++i) EXPECT_EQ(points_seen[i], i + 1);
  }
}

TEST_F(RoundTripLesson, ASweepBeyondFreeMemoryIsRefusedInWords) {
  if ((std::size_t(16384) << 20) <= device->free_memory()) GTEST_SKIP() << "this device has room for the largest copy";
  cudalab::Run run = run_step(kPinnedStep, {"largest_mib=16384"});
  EXPECT_EQ(run.status.code, StatusCode::out_of_memory);
  EXPECT_NE(run.status.message.find("a copy of 16 GiB needs as much device memory"), std::string::npos) << run.status.message;
  EXPECT_TRUE(lesson->views(kPinnedStep, run).empty());
  cudalab::Run next = run_step(kPinnedStep, {"largest_mib=1"});
  EXPECT_TRUE(next.status.ok()) << next.status.describe();
}

TEST_F(RoundTripLesson, ASweepShowsProgressAndStopsWhenCancelled) {
  StepSelection s = select(kPinnedStep, {"largest_mib=256"});
  RunControl control;
  cudalab::Run run;
  const auto started = std::chrono::steady_clock::now();
  std::thread runner([&] { run = s.lesson->run(kPinnedStep, s.values, *device, control); });
  // Wait for the sweep to be under way, then ask it to stop.
  while (control.progress.load() == 0.f && std::chrono::steady_clock::now() - started < std::chrono::seconds(20))
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const float progress_when_cancelled = control.progress.load();
  control.cancel = true;
  runner.join();
  EXPECT_GT(progress_when_cancelled, 0.f);
  EXPECT_LT(progress_when_cancelled, 1.f);
  EXPECT_EQ(run.status.code, StatusCode::cancelled) << run.status.describe();
  EXPECT_TRUE(lesson->views(kPinnedStep, run).empty());
}

TEST_F(RoundTripLesson, CpuAndDeviceAreComparedOverSizesAndTheCrossingComesFromTheRun) {
  cudalab::Run run = run_step(kWorthItStep, {"largest_elements=16384", "terms=16"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["elements_wrong"].get<std::size_t>(), 0u);
  const auto sizes = run.results["sizes"].get<std::vector<std::size_t>>();
  EXPECT_EQ(sizes, (std::vector<std::size_t>{16, 64, 256, 1024, 4096, 16384}));
  const auto cpu = run.results["cpu_ms"].get<std::vector<double>>();
  const auto with_copies = run.results["with_copies_ms"].get<std::vector<double>>();
  const auto kernel = run.results["kernel_ms"].get<std::vector<double>>();
  ASSERT_EQ(cpu.size(), sizes.size());
  ASSERT_EQ(with_copies.size(), sizes.size());
  ASSERT_EQ(kernel.size(), sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) EXPECT_TRUE(cpu[i] > 0 && with_copies[i] > 0 && kernel[i] > 0) << i;
  EXPECT_GT(cpu.back(), cpu.front());  // 1024 times the work on one core
  // The crossing is the first size from which the device wins at every larger size.
  std::optional<std::size_t> crossing;
  for (std::size_t i = sizes.size(); i-- > 0 && with_copies[i] < cpu[i];) crossing = sizes[i];
  if (crossing) EXPECT_EQ(run.results["crossing_elements"].get<std::size_t>(), *crossing);
  else EXPECT_TRUE(run.results["crossing_elements"].is_null());
  ASSERT_EQ(run.timings.size(), 3u);
  EXPECT_EQ(run.timings[0].source, TimingSource::host_clock);
  EXPECT_EQ(run.timings[1].source, device->timing_source());
  auto views = lesson->views(kWorthItStep, run);
  const auto* chart = find_view<ChartView>(views);
  ASSERT_NE(chart, nullptr);
  ASSERT_EQ(chart->series.size(), 3u);
  EXPECT_EQ(chart->series[0].y, cpu);
}

TEST_F(RoundTripLesson, OverlapIsDrawnFromEventsOnEachStream) {
  const std::size_t n = 65536;
  cudalab::Run run = run_step(kOverlapStep, {fmt::format("elements={}", n), "terms=8", "streams=3", "chunks=5"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["elements_wrong"].get<std::size_t>(), 0u);
  EXPECT_EQ(run.results["elements_checked"].get<std::size_t>(), n);  // up to 64 Ki, every element
  EXPECT_EQ(run.results["streams_overlap"].get<bool>(), device->streams_overlap());
  const auto serial = run.results["serial"], split = run.results["overlapped"];
  ASSERT_EQ(serial.size(), 1u);
  EXPECT_EQ(serial[0]["stream"].get<int>(), 1);
  ASSERT_EQ(split.size(), 5u);
  std::size_t covered = 0;
  std::vector<std::pair<double, double>> phases;
  for (std::size_t c = 0; c < split.size(); ++c) {
    EXPECT_EQ(split[c]["stream"].get<int>(), 1 + static_cast<int>(c) % 3);
    EXPECT_EQ(split[c]["first"].get<std::size_t>(), covered);
    covered += split[c]["count"].get<std::size_t>();
    const auto at = split[c]["at_ms"].get<std::vector<double>>();
    ASSERT_EQ(at.size(), 4u);
    EXPECT_GE(at[0], -1e-3);  // after the start event; events resolve about half a microsecond
    for (std::size_t m = 1; m < at.size(); ++m) EXPECT_GE(at[m], at[m - 1]) << "chunk " << c;  // in order on its stream
    for (std::size_t m = 0; m + 1 < at.size(); ++m) phases.emplace_back(at[m], at[m + 1]);
  }
  EXPECT_EQ(covered, n);
  const double factor = run.results["overlap_factor"].get<double>();
  EXPECT_GT(factor, 0.0);
  EXPECT_LE(factor, 3.0 + 1e-9);
  if (!device->streams_overlap()) {
    // One queue: no phase starts before the one enqueued before it has ended.
    std::sort(phases.begin(), phases.end());
    for (std::size_t p = 1; p < phases.size(); ++p) EXPECT_GE(phases[p].first, phases[p - 1].second - 1e-9);
    EXPECT_LE(factor, 1.0 + 1e-9);
  }
  auto views = lesson->views(kOverlapStep, run);
  const auto* split_timeline = find_view<TimelineView>(views, 0);
  const auto* serial_timeline = find_view<TimelineView>(views, 1);
  ASSERT_TRUE(split_timeline && serial_timeline);
  EXPECT_EQ(split_timeline->rows.size(), 3u);
  EXPECT_EQ(split_timeline->bars.size(), 15u);
  EXPECT_EQ(serial_timeline->bars.size(), 3u);
  ASSERT_EQ(run.timings.size(), 2u);
  EXPECT_DOUBLE_EQ(run.timings[0].ms, run.results["serial_ms"].get<double>());
  EXPECT_EQ(run.timings[1].source, device->timing_source());
}

TEST_F(RoundTripLesson, ARunSurvivesAJsonRoundTrip) {
  cudalab::Run run = run_step(kOverlapStep, {"elements=8192", "terms=4", "streams=2", "chunks=4"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  cudalab::Run loaded;
  ASSERT_TRUE(from_json(to_json(run), &loaded).ok());
  const auto original = lesson->views(kOverlapStep, run), reloaded = lesson->views(kOverlapStep, loaded);
  const auto* a = find_view<TimelineView>(original);
  const auto* b = find_view<TimelineView>(reloaded);
  ASSERT_TRUE(a && b);
  ASSERT_EQ(a->bars.size(), b->bars.size());
  for (std::size_t i = 0; i < a->bars.size(); ++i) {
    EXPECT_DOUBLE_EQ(a->bars[i].start, b->bars[i].start);
    EXPECT_EQ(a->bars[i].tooltip, b->bars[i].tooltip);
  }
}

// The errors step: each call's answer, in order. The run itself succeeds: the mistake is the
// lesson, and the picture must show it.
TEST_F(RoundTripLesson, ABadConfigurationIsRefusedByTheLaunchAndNothingRuns) {
  for (const char* mistake : {"mistake=too-many-threads", "mistake=no-blocks"}) {
    SCOPED_TRACE(mistake);
    cudalab::Run run = run_step(kErrorsStep, {mistake});
    ASSERT_TRUE(run.status.ok()) << run.status.describe();
    EXPECT_EQ(run.results["reported_by"].get<int>(), 0);  // the launch
    const auto calls = run.results["calls"];
    ASSERT_EQ(calls.size(), 4u);  // launch, wait, copy back, a good launch after it
    EXPECT_FALSE(calls[0]["ok"].get<bool>());
    EXPECT_EQ(calls[0]["cuda_error"], "cudaErrorInvalidValue");
    EXPECT_EQ(calls[0]["code"], "invalid launch configuration");
    EXPECT_TRUE(calls[1]["ok"].get<bool>()) << calls[1];
    EXPECT_TRUE(calls[2]["ok"].get<bool>()) << calls[2];
    EXPECT_EQ(run.results["elements_written"].get<int>(), 0) << "the refused kernel wrote something";
    EXPECT_TRUE(calls[3]["ok"].get<bool>()) << calls[3];
    EXPECT_TRUE(run.results["next_launch_ok"].get<bool>());
    EXPECT_FALSE(run.results["context_lost"].get<bool>());
    const auto views = lesson->views(kErrorsStep, run);
    const auto* facts = find_view<FactsView>(views);
    ASSERT_NE(facts, nullptr);
    EXPECT_EQ(fact(*facts, "reported by"), "the launch itself, at once (cudaGetLastError)");
    EXPECT_EQ(fact(*facts, "the next launch"), "worked: a configuration error is not sticky");
    const auto* table = find_view<TableView>(views);
    ASSERT_NE(table, nullptr);
    ASSERT_EQ(table->rows.size(), 4u);
    EXPECT_EQ(table->rows[0][1], "cudaErrorInvalidValue");
    EXPECT_EQ(table->rows[0][2], "refused at once: the kernel never started");
    EXPECT_EQ(table->rows[1][2], "nothing ran, so there is nothing to report");
    EXPECT_EQ(table->rows[2][2], "works, and says nothing of the refused launch: d_out is as the host left it");
  }
  EXPECT_EQ(run_step(kErrorsStep, {"mistake=too-many-threads"}).results["launch"], "<<<2, 2048>>>");
  EXPECT_EQ(run_step(kErrorsStep, {"mistake=no-blocks"}).results["launch"], "<<<0, 256>>>");
}

TEST_F(RoundTripLesson, ACorrectLaunchIsReportedByNoCallAndTheHabitIsShown) {
  cudalab::Run run = run_step(kErrorsStep, {"mistake=none", "shift=1"});  // the shift counts only for read-past-end
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["shift"].get<int>(), 0);
  EXPECT_EQ(run.results["reported_by"].get<int>(), 2);
  const auto calls = run.results["calls"];
  ASSERT_EQ(calls.size(), 3u);
  for (const auto& call : calls) EXPECT_EQ(call["cuda_error"], "cudaSuccess") << call;
  EXPECT_EQ(run.results["elements_right"].get<int>(), 4096);
  EXPECT_EQ(run.results["elements_written"].get<int>(), 4096);
  EXPECT_EQ(run.results["elements_read_past_end"].get<int>(), 0);
  const auto views = lesson->views(kErrorsStep, run);
  const auto* facts = find_view<FactsView>(views);
  ASSERT_NE(facts, nullptr);
  EXPECT_EQ(fact(*facts, "the kernel"), "finished: 4096 of 4096 elements right");
  const auto* code = find_view<CodeView>(views);
  ASSERT_NE(code, nullptr);
  // The habit: the launch's own check comes right after <<<>>>, the wait's after it.
  const auto launch = code->text.find("copy_shifted<<<"), last_error = code->text.find("CUDA_CHECK(cudaGetLastError());"),
             wait = code->text.find("CUDA_CHECK(cudaDeviceSynchronize());");
  ASSERT_NE(launch, std::string::npos);
  EXPECT_TRUE(launch < last_error && last_error < wait && wait != std::string::npos) << code->text;
}

// Only the GPU: a read one element past the end lands in the allocation's rounding and no call
// says a word (the emulator's guard page stops it: see the test below).
TEST_F(RoundTripLesson, OnAGpuAReadJustPastTheEndGoesUnreported) {
  if (!device->is_gpu()) GTEST_SKIP() << "the emulator's guard page stops this read";
  cudalab::Run run = run_step(kErrorsStep, {"mistake=read-past-end", "shift=1"});
  ASSERT_TRUE(run.status.ok()) << run.status.describe();
  EXPECT_EQ(run.results["reported_by"].get<int>(), 2);
  EXPECT_EQ(run.results["elements_right"].get<int>(), 4095);
  EXPECT_EQ(run.results["elements_read_past_end"].get<int>(), 1);
  EXPECT_FALSE(run.results["context_lost"].get<bool>());
}

// A read past the end, in a child process: a GPU's sticky fault would cost this test process its
// context, and the emulator's guard page ends the process. The partial run is published before
// the launch (what stays on screen if the process dies); the child says what came back.
TEST_F(RoundTripLesson, AReadPastTheEndIsAcceptedByTheLaunchAndReportedLater) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  const bool gpu = device->is_gpu();
  auto run_in_child = [&] {
    RunControl control;
    control.on_partial = [](const cudalab::Run& partial) {
      std::fprintf(stderr, "published: %s, %zu calls\n", partial.results.value("stage", std::string()).c_str(),
                   partial.results["calls"].size());
    };
    // The defaults of each backend: 1 GiB past the end on a GPU, the first element past it on the emulator.
    cudalab::Run run = run_step(kErrorsStep, {"mistake=read-past-end", gpu ? "shift=268435456" : "shift=1"}, &control);
    const auto calls = run.results.value("calls", nlohmann::json::array());
    std::string answers;
    for (const auto& call : calls) answers += " " + call.value("cuda_error", std::string());
    std::fprintf(stderr, "finished: status %s, reported_by %d, context_lost %d, calls%s\n", run.status.ok() ? "ok" : "failed",
                 run.results.value("reported_by", -1), run.results.value("context_lost", false) ? 1 : 0, answers.c_str());
    std::_Exit(0);
  };
  if (gpu) {
    EXPECT_EXIT(run_in_child(), ::testing::ExitedWithCode(0),
                // What lies 1 GiB past the end depends on what else is mapped: the same sticky fault
                // has come back as an invalid address space while other processes used the GPU.
                "published: launching, 0 calls\n.*finished: status ok, reported_by 1, context_lost 1, "
                "calls cudaSuccess (cudaErrorIllegalAddress cudaErrorIllegalAddress|"
                "cudaErrorInvalidAddressSpace cudaErrorInvalidAddressSpace)\n");
  } else {
    // The guard page after d_in stops the process at the first read past the end: it never finishes.
    EXPECT_EXIT(run_in_child(), [](int status) { return !(WIFEXITED(status) && WEXITSTATUS(status) == 0); },
                "published: launching, 0 calls\n$");
  }
}

TEST_F(RoundTripLesson, TheErrorsStepsPartialRunSaysWhatTheEmulatorDoes) {
  // What the app keeps on screen when the emulator's worker process stops at the guard page.
  select(kErrorsStep);
  cudalab::Run partial;
  partial.device = device->facts();
  partial.results = {{"mistake", 3}, {"shift", 1}, {"elements", 4096}, {"launch", "<<<16, 256>>>"}, {"stage", "launching"},
                     {"calls", nlohmann::json::array()}};
  const auto views = lesson->views(kErrorsStep, partial);
  const auto* facts = find_view<FactsView>(views);
  ASSERT_NE(facts, nullptr);
  EXPECT_EQ(fact(*facts, "now"), "launching the kernel, then waiting for it");
  EXPECT_EQ(fact(*facts, "reported by"), "(no fact 'reported by')");
  EXPECT_EQ(fact(*facts, "the mistake"),
            "thread i reads in[i + 1]: 1 of the 4096 threads read past the end of d_in, up to 4 bytes beyond it");
  const std::string emulator = fact(*facts, "on the emulator");
  if (device->is_gpu()) {
    EXPECT_EQ(emulator, "(no fact 'on the emulator')");
  } else {
    EXPECT_NE(emulator.find("guard page"), std::string::npos) << emulator;
    EXPECT_NE(emulator.find("sticky"), std::string::npos) << emulator;
  }
}
