// The window's UI-free state (app/session): the run on screen and the outcomes waited for
// (RunDisplay), the moves queued for the next frame (Navigation), and what is handed to the
// settings store (SettingsKeeper).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include <unistd.h>

#include "session/navigation.h"
#include "session/run_display.h"
#include "session/settings_keeper.h"

using namespace cudalab::app;
using cudalab::Status;
using cudalab::StatusCode;

namespace {

LessonRunner::Outcome outcome(std::uint64_t id, int chapter, int step) {
  LessonRunner::Outcome made;
  made.id = id;
  made.chapter = chapter;
  made.step = step;
  made.seconds = 0.5;
  return made;
}

Course one_chapter() {
  ChapterOutline outline;
  outline.id = "hello";
  outline.steps.resize(2);
  return Course({outline});
}

}  // namespace

TEST(RunDisplay, SettlesWhenTheNewestRequestCameBack) {
  RunDisplay run;
  EXPECT_FALSE(run.settled());  // nothing asked yet
  run.expect(1);
  EXPECT_FALSE(run.settled());
  run.expect(2);  // a newer request replaces the first
  run.taken(1);
  EXPECT_FALSE(run.settled());
  run.taken(2);
  EXPECT_TRUE(run.settled());
  run.taken(1);  // an older outcome arriving late changes nothing
  EXPECT_TRUE(run.settled());
}

TEST(RunDisplay, OnlyTheNewestRequestsStatusCounts) {
  RunDisplay run;
  run.expect(2);
  run.answered(1, Status::error(StatusCode::timeout, "old"));
  EXPECT_FALSE(run.last_run_failed());
  run.answered(2, Status::error(StatusCode::kernel_fault, "bad address"));
  EXPECT_TRUE(run.last_run_failed());
  EXPECT_NE(run.last_run_problem().find("bad address"), std::string::npos);
  run.forget_status();
  EXPECT_FALSE(run.last_run_failed());
  EXPECT_EQ(run.last_run_problem(), "");
}

TEST(RunDisplay, EachRunShownIsANewVersion) {
  RunDisplay run;
  run.show(outcome(1, 0, 1), run.shown());
  ASSERT_TRUE(run.shown());
  EXPECT_EQ(run.shown()->version, 1u);
  EXPECT_EQ(run.shown()->seconds, 0.5);
  run.show(outcome(2, 0, 1), run.shown());
  EXPECT_EQ(run.shown()->version, 2u);
  // A live run waiting behind a recorded one takes the version after the one on screen.
  std::optional<ShownRun> waiting;
  run.show(outcome(3, 0, 1), waiting);
  ASSERT_TRUE(waiting);
  EXPECT_EQ(waiting->version, 3u);
  EXPECT_EQ(run.shown()->version, 2u);
}

TEST(RunDisplay, ShownForTheCurrentStepOnly) {
  RunDisplay run;
  Course course = one_chapter();
  EXPECT_EQ(run.shown_for_current(course), nullptr);
  run.show(outcome(1, 0, 1), run.shown());
  EXPECT_EQ(run.shown_for_current(course), nullptr);  // the run is step 2's; the course is at step 1
  course.go_to(0, 1);
  EXPECT_EQ(run.shown_for_current(course), &*run.shown());
}

TEST(Navigation, MovesComeOutInTheOrderTheyWereAskedFor) {
  Navigation navigation;
  EXPECT_FALSE(navigation.pending());
  navigation.queue(NavAction::next_step);
  navigation.queue(NavAction::previous_chapter);
  EXPECT_TRUE(navigation.pending());
  EXPECT_EQ(navigation.next(), NavAction::next_step);
  EXPECT_EQ(navigation.next(), NavAction::previous_chapter);
  EXPECT_FALSE(navigation.next());
  EXPECT_FALSE(navigation.pending());
}

TEST(Navigation, TheTextScrollsToTheTopOncePerAsking) {
  Navigation navigation;
  EXPECT_TRUE(navigation.take_scroll_text_to_top());  // the first frame starts at the top
  EXPECT_FALSE(navigation.take_scroll_text_to_top());
  navigation.scroll_text_to_top();
  navigation.scroll_text_to_top();
  EXPECT_TRUE(navigation.take_scroll_text_to_top());
  EXPECT_FALSE(navigation.take_scroll_text_to_top());
}

TEST(SettingsKeeper, HandsASnapshotOnlyAfterAChange) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("cudalab_keeper_" + std::to_string(::getpid()) + ".json");
  SettingsStore store(file, /*read_only=*/true);
  SettingsKeeper keeper(&store);
  int snapshots = 0;
  Settings light;
  light.theme = Theme::light;
  const auto snapshot = [&] {
    ++snapshots;
    return light;
  };
  keeper.flush(snapshot, 1.0);
  EXPECT_EQ(snapshots, 0);
  EXPECT_EQ(keeper.saved().theme, Theme::dark);
  keeper.changed();
  keeper.flush(snapshot, 2.0);
  EXPECT_EQ(snapshots, 1);
  EXPECT_EQ(keeper.saved().theme, Theme::light);
  keeper.flush(snapshot, 3.0);  // nothing new since
  EXPECT_EQ(snapshots, 1);
  EXPECT_EQ(keeper.save_if_due(10.0), "");  // a read-only store writes nothing
  EXPECT_FALSE(std::filesystem::exists(file));
}
