// The runner thread: runs steps off the UI thread, keeps only the newest waiting request, cancels,
// opens the device on its own thread, and turns failures into a Status the UI can show.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "session/lesson_runner.h"

using namespace cudalab;
using namespace cudalab::app;
using namespace std::chrono_literals;

namespace {

// A lesson whose run can be held back, counted and made to fail.
class ScriptedLesson : public lessons::Lesson {
 public:
  std::string id() const override { return "scripted"; }
  std::string title() const override { return "Scripted"; }
  std::string folder() const override { return "99_scripted"; }
  std::vector<lessons::Step> steps() const override { return {lessons::Step{"one", {}}, lessons::Step{"two", {}}}; }

  Run run(int step, const lessons::ParamValues& values, Device& device, lessons::RunControl& control) override {
    if (values.count("publish")) {  // a long step handing over its first rows
      Run partial;
      partial.parameters["n"] = "partial";
      control.publish(partial);
    }
    {
      std::unique_lock lock(mutex);
      ++runs;
      run_thread = std::this_thread::get_id();
      device_name = device.facts().name;
      started.notify_all();
      // RunControl::cancel is a plain atomic (nobody notifies): look at it now and then, as a lesson does.
      while (!released && !control.cancel.load()) release.wait_for(lock, 5ms);
    }
    if (step == 1) throw std::runtime_error("scripted failure");
    Run run;
    run.step = step;
    run.parameters["n"] = std::to_string(values.count("n") ? values.at("n") : -1);
    if (control.cancel) run.status = Status::error(StatusCode::cancelled, "stopped");
    return run;
  }
  std::vector<lessons::View> views(int, const Run& run) const override {
    lessons::FactsView facts;
    facts.facts.push_back({"n", run.parameters.count("n") ? run.parameters.at("n") : ""});
    return {facts};
  }

  void let_go() {
    std::lock_guard lock(mutex);
    released = true;
    release.notify_all();
  }
  void wait_until_started(int count) {
    std::unique_lock lock(mutex);
    started.wait_for(lock, 10s, [&] { return runs >= count; });
  }

  std::mutex mutex;
  std::condition_variable started, release;
  bool released = false;
  int runs = 0;
  std::thread::id run_thread;
  std::string device_name;
};

struct Fixture {
  std::vector<std::unique_ptr<lessons::Lesson>> lessons;
  ScriptedLesson* lesson = nullptr;
  std::thread::id open_thread;
  std::atomic<bool> fail_to_open{false};

  Fixture() {
    auto scripted = std::make_unique<ScriptedLesson>();
    lesson = scripted.get();
    lessons.push_back(std::move(scripted));
  }
  RunnerServices services() {
    RunnerServices services;
    services.list_backends = [] { return std::vector<BackendChoice>{BackendChoice{emulator_facts(1), "emu"}}; };
    services.open_device = [this](BackendRequest, int, std::unique_ptr<Device>* out) {
      open_thread = std::this_thread::get_id();
      if (fail_to_open) return Status::error(StatusCode::no_device, "no GPU in this test");
      return open_device(BackendRequest::emulator, out, 0, 1);
    };
    return services;
  }
};

std::optional<LessonRunner::Outcome> wait_for_outcome(LessonRunner& runner) {
  for (int i = 0; i < 1000; ++i) {
    if (auto outcome = runner.take_outcome()) return outcome;
    std::this_thread::sleep_for(10ms);
  }
  return std::nullopt;
}

LessonRunner::Request request(int step, double n) {
  LessonRunner::Request r;
  r.chapter = 0;
  r.step = step;
  r.values["n"] = n;
  return r;
}

}  // namespace

TEST(LessonRunner, RunsOffTheUiThreadOnTheDeviceItOpened) {
  Fixture fixture;
  fixture.lesson->let_go();
  LessonRunner runner(&fixture.lessons, fixture.services());
  runner.start({});
  const auto id = runner.submit(request(0, 7));
  const auto outcome = wait_for_outcome(runner);
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->id, id);
  EXPECT_TRUE(outcome->run.status.ok()) << outcome->run.status.describe();
  ASSERT_EQ(outcome->views.size(), 1u);
  EXPECT_EQ(std::get<lessons::FactsView>(outcome->views[0]).facts[0].second, "7.000000");
  EXPECT_NE(fixture.lesson->run_thread, std::this_thread::get_id());
  EXPECT_EQ(fixture.open_thread, fixture.lesson->run_thread);
  EXPECT_FALSE(fixture.lesson->device_name.empty());
  const auto events = runner.take_backend_events();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_TRUE(events[0].status.ok());
  EXPECT_TRUE(events[0].has_choices);
}

TEST(LessonRunner, ANewerRequestReplacesOneStillWaiting) {
  Fixture fixture;
  LessonRunner runner(&fixture.lessons, fixture.services());
  runner.start({});
  runner.submit(request(0, 1));
  fixture.lesson->wait_until_started(1);
  runner.submit(request(0, 2));
  runner.submit(request(0, 3));
  const auto newest = runner.submit(request(0, 4));
  EXPECT_TRUE(runner.busy());
  fixture.lesson->let_go();
  std::optional<LessonRunner::Outcome> last;
  while (auto outcome = wait_for_outcome(runner)) {
    last = std::move(outcome);
    if (last->id == newest) break;
  }
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->id, newest);
  EXPECT_EQ(last->run.parameters.at("n"), "4.000000");
  {
    std::lock_guard lock(fixture.lesson->mutex);
    EXPECT_EQ(fixture.lesson->runs, 2);  // 1 and 4; 2 and 3 never ran
  }
  for (int i = 0; i < 100 && runner.busy(); ++i) std::this_thread::sleep_for(10ms);
  EXPECT_FALSE(runner.busy());
}

TEST(LessonRunner, WhatARunningStepPublishesArrivesBeforeItEnds) {
  Fixture fixture;
  LessonRunner runner(&fixture.lessons, fixture.services());
  runner.start({});
  auto with_rows = request(0, 5);
  with_rows.values["publish"] = 1;
  const auto id = runner.submit(with_rows);
  fixture.lesson->wait_until_started(1);
  const auto partial = wait_for_outcome(runner);
  ASSERT_TRUE(partial.has_value());
  EXPECT_TRUE(partial->partial);
  EXPECT_EQ(partial->id, id);
  ASSERT_EQ(partial->views.size(), 1u);  // views made on the runner thread
  EXPECT_EQ(std::get<lessons::FactsView>(partial->views[0]).facts[0].second, "partial");
  EXPECT_TRUE(runner.busy());  // the step is still running
  fixture.lesson->let_go();
  const auto finished = wait_for_outcome(runner);
  ASSERT_TRUE(finished.has_value());
  EXPECT_FALSE(finished->partial);
  EXPECT_EQ(finished->run.parameters.at("n"), "5.000000");
  EXPECT_FALSE(runner.take_outcome().has_value());  // nothing partial left behind
}

TEST(LessonRunner, CancelReachesTheRunningStep) {
  Fixture fixture;
  LessonRunner runner(&fixture.lessons, fixture.services());
  runner.start({});
  runner.submit(request(0, 1));
  fixture.lesson->wait_until_started(1);
  runner.cancel();
  const auto outcome = wait_for_outcome(runner);
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->run.status.code, StatusCode::cancelled);
}

TEST(LessonRunner, AnExceptionBecomesAStatus) {
  Fixture fixture;
  fixture.lesson->let_go();
  LessonRunner runner(&fixture.lessons, fixture.services());
  runner.start({});
  runner.submit(request(1, 1));
  const auto outcome = wait_for_outcome(runner);
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->run.status.code, StatusCode::internal);
  EXPECT_NE(outcome->run.status.message.find("scripted failure"), std::string::npos);
}

TEST(LessonRunner, NoDeviceMeansEveryRunSaysSo) {
  Fixture fixture;
  fixture.fail_to_open = true;
  fixture.lesson->let_go();
  LessonRunner runner(&fixture.lessons, fixture.services());
  runner.start({});
  runner.submit(request(0, 1));
  const auto outcome = wait_for_outcome(runner);
  ASSERT_TRUE(outcome.has_value());
  EXPECT_EQ(outcome->run.status.code, StatusCode::no_device);
  EXPECT_EQ(fixture.lesson->runs, 0);
  const auto events = runner.take_backend_events();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].status.message, "no GPU in this test");
}

TEST(LessonRunner, SwitchingBackendReopensOnTheRunnerThread) {
  Fixture fixture;
  fixture.fail_to_open = true;
  fixture.lesson->let_go();
  LessonRunner runner(&fixture.lessons, fixture.services());
  runner.start({});
  for (int i = 0; i < 500 && runner.busy(); ++i) std::this_thread::sleep_for(10ms);
  fixture.fail_to_open = false;
  runner.switch_backend({BackendRequest::emulator, 0});
  runner.submit(request(0, 5));
  const auto outcome = wait_for_outcome(runner);
  ASSERT_TRUE(outcome.has_value());
  EXPECT_TRUE(outcome->run.status.ok()) << outcome->run.status.describe();
  const auto events = runner.take_backend_events();
  ASSERT_EQ(events.size(), 2u);
  EXPECT_FALSE(events[0].status.ok());
  EXPECT_TRUE(events[1].status.ok());
  EXPECT_FALSE(events[1].has_choices);  // listed once, at start
}

TEST(LessonRunner, WakesTheUiWheneverSomethingIsReadyToTake) {
  Fixture fixture;
  std::atomic<int> wakes{0};
  RunnerServices services = fixture.services();
  services.wake_ui = [&] { ++wakes; };
  LessonRunner runner(&fixture.lessons, std::move(services));
  auto wait_for_wakes = [&](int count) {
    for (int i = 0; i < 1000 && wakes.load() < count; ++i) std::this_thread::sleep_for(10ms);
    return wakes.load();
  };
  runner.start({});
  EXPECT_EQ(wait_for_wakes(1), 1);  // the opened backend
  EXPECT_EQ(runner.take_backend_events().size(), 1u);
  auto with_rows = request(0, 5);
  with_rows.values["publish"] = 1;
  runner.submit(with_rows);
  EXPECT_EQ(wait_for_wakes(2), 2);  // the step's first rows, already there to take
  const auto partial = runner.take_outcome();
  ASSERT_TRUE(partial.has_value());
  EXPECT_TRUE(partial->partial);
  fixture.lesson->let_go();
  EXPECT_EQ(wait_for_wakes(3), 3);  // the finished run
  const auto finished = runner.take_outcome();
  ASSERT_TRUE(finished.has_value());
  EXPECT_FALSE(finished->partial);
}
