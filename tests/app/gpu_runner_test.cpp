// The runner thread on a real GPU: CUDA is listed, opened and used only on the runner thread, the
// status bar's words say "real GPU", and switching to the emulator and back works. Skips without
// a GPU (labelled `gpu`).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "lesson.h"
#include "session/lesson_runner.h"

using namespace cudalab;
using namespace cudalab::app;
using namespace std::chrono_literals;

namespace {

std::optional<LessonRunner::Outcome> wait_for_outcome(LessonRunner& runner) {
  for (int i = 0; i < 3000; ++i) {
    if (auto outcome = runner.take_outcome()) return outcome;
    std::this_thread::sleep_for(10ms);
  }
  return std::nullopt;
}

LessonRunner::BackendEvent wait_for_backend(LessonRunner& runner) {
  for (int i = 0; i < 3000; ++i) {
    auto events = runner.take_backend_events();
    if (!events.empty()) return events.back();
    std::this_thread::sleep_for(10ms);
  }
  ADD_FAILURE() << "no backend event";
  return {};
}

}  // namespace

TEST(GpuRunner, RunsEveryStepOfTheFirstChapterOnTheGpuAndSwitches) {
  cudalab::Message why_none;
  if (query_cuda_devices(&why_none).empty()) GTEST_SKIP() << "no GPU: " << why_none;
  const auto lessons = lessons::make_lessons();
  ASSERT_FALSE(lessons.empty());
  LessonRunner runner(&lessons, RunnerServices::real(CUDALAB_EXE));
  runner.start({BackendRequest::gpu, 0});
  const auto opened = wait_for_backend(runner);
  ASSERT_TRUE(opened.status.ok()) << opened.status.describe();
  EXPECT_TRUE(opened.facts.is_gpu());
  EXPECT_NE(opened.facts.label().find("real GPU"), std::string::npos) << opened.facts.label();
  std::printf("[ backend  ] %s\n", opened.facts.label().c_str());
  ASSERT_TRUE(opened.has_choices);
  EXPECT_GE(opened.choices.size(), 2u);  // the GPU and the emulator

  for (int step = 0; step < static_cast<int>(lessons[0]->steps().size()); ++step) {
    LessonRunner::Request request;
    request.chapter = 0;
    request.step = step;
    request.values = lessons::defaults(lessons[0]->steps()[static_cast<std::size_t>(step)]);
    runner.submit(request);
    const auto outcome = wait_for_outcome(runner);
    ASSERT_TRUE(outcome.has_value());
    EXPECT_TRUE(outcome->run.status.ok()) << outcome->run.status.describe();
    EXPECT_TRUE(outcome->run.device.is_gpu());
    EXPECT_FALSE(outcome->views.empty());
  }

  runner.switch_backend({BackendRequest::emulator, 0});
  EXPECT_FALSE(wait_for_backend(runner).facts.is_gpu());
  runner.switch_backend({BackendRequest::gpu, 0});
  const auto back = wait_for_backend(runner);
  ASSERT_TRUE(back.status.ok()) << back.status.describe();
  EXPECT_TRUE(back.facts.is_gpu());
  LessonRunner::Request request;
  request.values = lessons::defaults(lessons[0]->steps()[0]);
  runner.submit(request);
  const auto outcome = wait_for_outcome(runner);
  ASSERT_TRUE(outcome.has_value());
  EXPECT_TRUE(outcome->run.status.ok()) << outcome->run.status.describe();
}
