// A run from a file is input (lessons/run_checks.h): a recording with one field of the wrong type
// or parameters out of range is refused in words, never drawn into an abort or a huge allocation.
#include <gtest/gtest.h>

#include <algorithm>

#include "cudalab/run.h"
#include "lesson.h"
#include "run_checks.h"

namespace cudalab::lessons {
namespace {

class RunChecks : public ::testing::Test {
 protected:
  void SetUp() override {
    lessons_ = make_lessons();
    const auto found = std::find_if(lessons_.begin(), lessons_.end(), [](const auto& l) { return l->id() == "hello"; });
    ASSERT_NE(found, lessons_.end());
    hello_ = found->get();
    ASSERT_TRUE(load_run(std::string(CUDALAB_RECORDINGS_DIR) + "/hello-2.json", &recorded_).ok());
  }
  std::vector<std::unique_ptr<Lesson>> lessons_;
  Lesson* hello_ = nullptr;
  cudalab::Run recorded_;
};

TEST_F(RunChecks, TheShippedRecordingIsUsableAndDrawn) {
  EXPECT_TRUE(check_run_for_step(*hello_, recorded_).ok());
  std::vector<View> views;
  ASSERT_TRUE(views_of(*hello_, recorded_.step, recorded_, &views).ok());
  EXPECT_FALSE(views.empty());
}

TEST_F(RunChecks, AFieldOfTheWrongTypeIsAMessageNotAnAbort) {
  cudalab::Run run = recorded_;
  run.results["synchronize"] = "yes";
  std::vector<View> views;
  const Status drawn = views_of(*hello_, run.step, run, &views);
  EXPECT_FALSE(drawn.ok());
  EXPECT_NE(drawn.message.find("its pictures could not be made"), std::string::npos) << drawn.message;
  EXPECT_TRUE(views.empty());
}

TEST_F(RunChecks, ParametersOutsideTheStepAreRefused) {
  cudalab::Run huge = recorded_;
  huge.parameters["spin_us"] = "200000000000";
  Status s = check_run_for_step(*hello_, huge);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message.find("its parameters are not this step's"), std::string::npos) << s.message;
  cudalab::Run unknown = recorded_;
  unknown.parameters["blocks"] = "200000";
  EXPECT_FALSE(check_run_for_step(*hello_, unknown).ok());
  cudalab::Run odd = recorded_;
  odd.parameters["synchronize"] = "maybe";
  EXPECT_FALSE(check_run_for_step(*hello_, odd).ok());
}

TEST_F(RunChecks, AStepOrChapterThisCourseDoesNotHaveIsRefused) {
  cudalab::Run far = recorded_;
  far.step = 99;
  EXPECT_NE(check_run_for_step(*hello_, far).message.find("which has"), std::string::npos);
  cudalab::Run negative = recorded_;
  negative.step = -1;
  EXPECT_FALSE(check_run_for_step(*hello_, negative).ok());
  cudalab::Run other = recorded_;
  other.lesson = "threads";
  EXPECT_FALSE(check_run_for_step(*hello_, other).ok());
}

}  // namespace
}  // namespace cudalab::lessons
