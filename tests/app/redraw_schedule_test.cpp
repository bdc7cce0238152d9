// When the main loop may wait for events instead of drawing: the schedule alone, without a window
// (the gui.idle test checks the real window).
#include <gtest/gtest.h>

#include "shell/redraw_schedule.h"

using cudalab::app::RedrawSchedule;

namespace {

// Draws frames while the schedule says "at once"; returns how many (gives up at 100).
int frames_until_it_waits(RedrawSchedule& schedule, bool moving = false) {
  int frames = 0;
  while (schedule.wait_seconds(false) == 0 && frames < 100) {
    schedule.frame_drawn(moving);
    ++frames;
  }
  return frames;
}

}  // namespace

TEST(RedrawSchedule, AfterTheFirstFramesItWaitsForTheSlowTimer) {
  RedrawSchedule schedule(false);
  EXPECT_EQ(frames_until_it_waits(schedule), RedrawSchedule::settle_frames);
  EXPECT_EQ(schedule.wait_seconds(false), RedrawSchedule::idle_seconds);
  // A timer frame draws once and changes nothing.
  schedule.frame_drawn(false);
  EXPECT_EQ(schedule.wait_seconds(false), RedrawSchedule::idle_seconds);
}

TEST(RedrawSchedule, AnEventDrawsAtOnceAndLetsImGuiSettle) {
  RedrawSchedule schedule(false);
  frames_until_it_waits(schedule);
  schedule.something_happened();
  EXPECT_EQ(schedule.wait_seconds(false), 0);
  EXPECT_EQ(frames_until_it_waits(schedule), RedrawSchedule::settle_frames);
}

TEST(RedrawSchedule, DrawsEveryFrameWhileThePictureMovesAndSettlesAfter) {
  RedrawSchedule schedule(false);
  frames_until_it_waits(schedule);
  schedule.something_happened();
  EXPECT_EQ(frames_until_it_waits(schedule, /*moving=*/true), 100);  // never waits while it moves
  EXPECT_EQ(frames_until_it_waits(schedule), RedrawSchedule::settle_frames);
}

TEST(RedrawSchedule, ABlinkingTextCursorIsRedrawnMoreOften) {
  RedrawSchedule schedule(false);
  frames_until_it_waits(schedule);
  EXPECT_EQ(schedule.wait_seconds(true), RedrawSchedule::text_cursor_seconds);
  EXPECT_LT(RedrawSchedule::text_cursor_seconds, RedrawSchedule::idle_seconds);
}

TEST(RedrawSchedule, ScreenshotsAndMeasurementsNeverWait) {
  RedrawSchedule schedule(true);
  for (int i = 0; i < 10; ++i) schedule.frame_drawn(false);
  EXPECT_EQ(schedule.wait_seconds(false), 0);
  EXPECT_EQ(schedule.wait_seconds(true), 0);
}
