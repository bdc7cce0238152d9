// Parameter parsing and step selection: what `--set name=value` and the GUI rely on.
#include <gtest/gtest.h>

#include "common/param_ranges.h"
#include "lesson.h"

using namespace cudalab;
using namespace cudalab::lessons;

namespace {

Step sample_step() {
  Param threads{"threads_per_block", "Threads per block", Param::Kind::integer, 1, 1024, 4};
  Param scale{"scale", "Scale", Param::Kind::real, 0.5, 2.0, 1.0};
  Param layout{"layout", "Layout", Param::Kind::choice, 0, 1, 0};
  layout.choices = {"row", "column"};
  Param sync{"sync", "Synchronize", Param::Kind::toggle, 0, 1, 1};
  return Step{"Sample", {threads, scale, layout, sync}};
}

}  // namespace

TEST(LessonParams, DefaultsComeFromTheStep) {
  ParamValues values = defaults(sample_step());
  EXPECT_EQ(values.at("threads_per_block"), 4);
  EXPECT_EQ(values.at("scale"), 1.0);
  EXPECT_EQ(values.at("layout"), 0);
  EXPECT_EQ(values.at("sync"), 1);
}

TEST(LessonParams, AcceptsEachKind) {
  Step step = sample_step();
  ParamValues values = defaults(step);
  ASSERT_TRUE(apply_assignment(step, "threads_per_block=256", &values).ok());
  ASSERT_TRUE(apply_assignment(step, "scale=1.5", &values).ok());
  ASSERT_TRUE(apply_assignment(step, "layout=column", &values).ok());
  ASSERT_TRUE(apply_assignment(step, "sync=off", &values).ok());
  EXPECT_EQ(values.at("threads_per_block"), 256);
  EXPECT_EQ(values.at("scale"), 1.5);
  EXPECT_EQ(values.at("layout"), 1);
  EXPECT_EQ(values.at("sync"), 0);
}

TEST(LessonParams, RejectsWithMessagesThatNameWhatIsAllowed) {
  Step step = sample_step();
  ParamValues values = defaults(step);
  Status unknown = apply_assignment(step, "blocks=3", &values);
  EXPECT_EQ(unknown.code, StatusCode::invalid_argument);
  EXPECT_NE(unknown.message.find("unknown parameter 'blocks'"), std::string::npos) << unknown.message;
  EXPECT_NE(unknown.message.find("threads_per_block, scale, layout, sync"), std::string::npos) << unknown.message;

  Status range = apply_assignment(step, "threads_per_block=2048", &values);
  EXPECT_NE(range.message.find("out of range: allowed 1 to 1024"), std::string::npos) << range.message;
  EXPECT_NE(apply_assignment(step, "threads_per_block=2.5", &values).message.find("a whole number"), std::string::npos);
  EXPECT_NE(apply_assignment(step, "threads_per_block=abc", &values).message.find("a whole number"), std::string::npos);
  EXPECT_NE(apply_assignment(step, "layout=diagonal", &values).message.find("one of: row, column"), std::string::npos);
  EXPECT_NE(apply_assignment(step, "sync=maybe", &values).message.find("on or off"), std::string::npos);
  EXPECT_NE(apply_assignment(step, "noequals", &values).message.find("not name=value"), std::string::npos);
  // Nothing above changed the values.
  EXPECT_EQ(values, defaults(step));
}

TEST(LessonParams, SelectsChaptersByIdOrNumber) {
  auto lessons = make_lessons();
  ASSERT_FALSE(lessons.empty());
  StepSelection by_id, by_number;
  ASSERT_TRUE(select_step(lessons, lessons[0]->id(), 0, {}, &by_id).ok());
  ASSERT_TRUE(select_step(lessons, "0", 0, {}, &by_number).ok());
  EXPECT_EQ(by_id.lesson, by_number.lesson);

  StepSelection none;
  Status unknown = select_step(lessons, "no-such-chapter", 0, {}, &none);
  EXPECT_NE(unknown.message.find("unknown chapter 'no-such-chapter'"), std::string::npos) << unknown.message;
  Status step = select_step(lessons, lessons[0]->id(), 99, {}, &none);
  EXPECT_NE(step.message.find("there is no step 100"), std::string::npos) << step.message;
}

// Every chapter checks its values against the sliders' ranges before running (StepTableLesson):
// each step's own defaults must pass, or the step could never run as it opens.
TEST(LessonParams, EveryStepsDefaultsAreInRange) {
  for (const auto& lesson : make_lessons())
    for (const Step& step : lesson->steps()) {
      Status checked = check_values_in_range(step, defaults(step));
      EXPECT_TRUE(checked.ok()) << lesson->id() << " / " << step.title << ": " << checked.message;
      checked = check_values_in_range(step, defaults(step, true));
      EXPECT_TRUE(checked.ok()) << lesson->id() << " / " << step.title << " on the emulator: " << checked.message;
    }
}

// A size the emulator starts smaller (Param::emulator_default) is smaller: a GPU's default is the
// point of the step, and the emulator's only answers sooner.
TEST(LessonParams, EmulatorDefaultsAreSmallerSizesAndOnlyThere) {
  int with_emulator_default = 0;
  for (const auto& lesson : make_lessons())
    for (const Step& step : lesson->steps())
      for (const Param& param : step.params) {
        EXPECT_EQ(default_of(param, false), param.default_value);
        if (!param.emulator_default) {
          EXPECT_EQ(default_of(param, true), param.default_value) << param.name;
          continue;
        }
        ++with_emulator_default;
        EXPECT_EQ(param.kind, Param::Kind::integer) << lesson->id() << " / " << param.name;
        EXPECT_LT(*param.emulator_default, param.default_value) << lesson->id() << " / " << param.name;
        EXPECT_EQ(defaults(step, true).at(param.name), *param.emulator_default);
        EXPECT_EQ(defaults(step).at(param.name), param.default_value);
      }
  EXPECT_GE(with_emulator_default, 6);
}

// A chapter's number is its folder's, so the list, the text and `cudalab run N` agree even while an
// earlier number has no chapter yet (chapter 7 comes later; 8 and 9 are already here).
TEST(LessonParams, ChapterNumbersComeFromTheirFolders) {
  const auto lessons = make_lessons();
  int previous = -1;
  for (const auto& lesson : lessons) {
    const int number = chapter_number(*lesson);
    EXPECT_EQ(lesson->folder().substr(0, 2), (number < 10 ? "0" : "") + std::to_string(number)) << lesson->folder();
    EXPECT_GT(number, previous) << "teaching order follows the numbers";
    previous = number;
    StepSelection selection;
    ASSERT_TRUE(select_step(lessons, std::to_string(number), 0, {}, &selection).ok()) << number;
    EXPECT_EQ(selection.lesson, lesson.get());
  }
}
