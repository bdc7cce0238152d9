// Navigation: the keys, the buttons and the tour all go through Course::navigate.
#include <gtest/gtest.h>

#include "session/course.h"

using namespace cudalab::app;

namespace {

ChapterOutline chapter(const std::string& id, int steps) {
  ChapterOutline outline;
  outline.id = id;
  outline.title = id;
  for (int i = 0; i < steps; ++i) {
    cudalab::lessons::Step step;
    step.title = id + " " + std::to_string(i + 1);
    cudalab::lessons::Param param;
    param.name = "n";
    param.min = 1;
    param.max = 100;
    param.default_value = 10 + i;
    step.params.push_back(param);
    outline.steps.push_back(step);
  }
  return outline;
}

Course three_chapters() { return Course({chapter("machine", 2), chapter("hello", 3), chapter("threads", 1)}); }

}  // namespace

TEST(Course, NextStepContinuesIntoTheNextChapter) {
  Course course = three_chapters();
  course.go_to(0, 1);
  EXPECT_TRUE(course.navigate(NavAction::next_step));
  EXPECT_EQ(course.current_chapter(), 1);
  EXPECT_EQ(course.current_step(), 0);
}

TEST(Course, PreviousStepGoesBackToThePreviousChaptersLastStep) {
  Course course = three_chapters();
  course.go_to(1, 0);
  EXPECT_TRUE(course.navigate(NavAction::previous_step));
  EXPECT_EQ(course.current_chapter(), 0);
  EXPECT_EQ(course.current_step(), 1);
}

TEST(Course, EndsDoNotMove) {
  Course course = three_chapters();
  course.go_to(0, 0);
  EXPECT_FALSE(course.navigate(NavAction::previous_step));
  course.go_to(2, 0);
  EXPECT_FALSE(course.navigate(NavAction::next_step));
  EXPECT_FALSE(course.navigate(NavAction::next_chapter));
}

TEST(Course, PageKeysJumpChapters) {
  Course course = three_chapters();
  course.go_to(1, 2);
  EXPECT_TRUE(course.navigate(NavAction::next_chapter));
  EXPECT_EQ(course.current_chapter(), 2);
  EXPECT_EQ(course.current_step(), 0);
  EXPECT_TRUE(course.navigate(NavAction::previous_chapter));
  EXPECT_EQ(course.current_chapter(), 1);
  EXPECT_EQ(course.current_step(), 0);
}

TEST(Course, VisitingMarksStepsAndSurvivesARestore) {
  Course course = three_chapters();
  course.go_to(0, 0);
  course.navigate(NavAction::next_step);
  course.navigate(NavAction::next_step);
  const auto visited = course.visited_by_id();
  EXPECT_EQ(visited.at("machine"), (std::set<int>{0, 1}));
  EXPECT_EQ(visited.at("hello"), (std::set<int>{0}));

  Course restored = three_chapters();
  restored.restore_visited({{"hello", {1, 2, 9}}, {"gone", {0}}});
  EXPECT_EQ(restored.visited(1), (std::set<int>{1, 2}));  // step 9 does not exist
  EXPECT_TRUE(restored.visited(0).empty());
}

TEST(Course, GoToClampsAndFindsChapters) {
  Course course = three_chapters();
  course.go_to(7, 9);
  EXPECT_EQ(course.current_chapter(), 2);
  EXPECT_EQ(course.current_step(), 0);
  EXPECT_EQ(course.find_chapter("hello"), 1);
  EXPECT_EQ(course.find_chapter("nope"), -1);
}

TEST(Course, ValuesStartAtDefaultsAndArePerStep) {
  Course course = three_chapters();
  course.go_to(1, 1);
  EXPECT_EQ(course.values().at("n"), 11);
  course.values()["n"] = 42;
  course.navigate(NavAction::next_step);
  EXPECT_EQ(course.values().at("n"), 12);
  course.navigate(NavAction::previous_step);
  EXPECT_EQ(course.values().at("n"), 42);  // kept for the session
  course.reset_values();
  EXPECT_EQ(course.values().at("n"), 11);
}

// A size the emulator starts smaller (Param::emulator_default) follows the backend while nobody
// moved it; a value moved by hand stays where it was put.
TEST(Course, DefaultsFollowTheBackendUntilMovedByHand) {
  ChapterOutline sizes = chapter("sizes", 2);
  for (auto& step : sizes.steps) step.params[0].emulator_default = 2;
  Course course({sizes});
  course.go_to(0, 0);
  EXPECT_EQ(course.values().at("n"), 10);  // a GPU's until the backend is known
  course.go_to(0, 1);
  course.values().at("n") = 50;  // moved by hand
  course.go_to(0, 0);
  EXPECT_TRUE(course.use_defaults_of(true));  // the current step's run is stale
  EXPECT_EQ(course.values().at("n"), 2);
  EXPECT_FALSE(course.use_defaults_of(true));  // nothing to follow twice
  course.go_to(0, 1);
  EXPECT_EQ(course.values().at("n"), 50);
  course.reset_values();
  EXPECT_EQ(course.values().at("n"), 2);  // Reset: this backend's starting value
  EXPECT_TRUE(course.use_defaults_of(false));  // back on a GPU, both follow again
  EXPECT_EQ(course.values().at("n"), 11);
  course.go_to(0, 0);
  EXPECT_EQ(course.values().at("n"), 10);
}
