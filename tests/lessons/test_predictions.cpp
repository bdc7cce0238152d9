// Predict, then run: every chapter asks questions, every question is answered by the run itself
// (the number or choice the run left in its results), and judging works both ways. The same binary
// runs on the emulator and, as gpu.*, on a GPU.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "lesson_test_support.h"
#include "prediction.h"

using namespace cudalab;
using namespace cudalab::lessons;
using namespace cudalab::lessons::lesson_tests;

// One source, two binaries: the suite's name says which device answered.
namespace {

// Small sizes for the steps whose defaults take seconds on the emulator; the question is the same.
const std::map<std::string, std::vector<std::string>> kLightSettings = {
    {"Who ran where", {"blocks_per_grid=16", "threads_per_block=32"}},
    {"Blocks meet the hardware", {"blocks_per_grid=8", "threads_per_block=64", "work_us=10"}},
    {"Global memory bandwidth", {"buffer_mib=1"}},
    {"Registers and local memory", {"elements=4096"}},
    {"Shared vs global", {"elements=4096"}},
    {"Overlap with streams", {"elements=4096", "terms=4"}},
    {"Pageable vs pinned", {"largest_mib=1"}},
    {"The round trip as a timeline", {"elements=4096"}},
    {"When the GPU is worth it", {"largest_elements=4096", "terms=4"}},
    {"Which index is x", {"n=32"}},
    {"The race", {"n=32"}},
    {"Traffic", {"n=32"}},
    {"Warps and divergence", {"elements=4096", "rounds=8"}},
    {"Reduction, rung by rung", {"elements=4096"}},
    {"Shared-memory bank conflicts", {"n=64"}},
    {"Atomics", {"elements=4096"}},
    {"Block size and waves", {"elements=16384"}},
    {"Enough blocks to fill the GPU", {"elements=16384"}},
    {"Rule 1: parallelize", {"elements=4096"}},
    {"Rule 2: minimize transfers", {"elements=4096", "operations=4"}},
    {"Rule 3: launch configuration", {"elements=4096"}},
    {"Rule 4: coalesce global memory", {"n=64"}},
    {"Rule 5: avoid redundant global reads", {"n=32"}},
    {"Rule 6: avoid divergence", {"elements=4096"}},
    {"The six rules raced", {"elements=4096", "n=32"}},
};

std::string where(const Lesson& lesson, int step) {
  return lesson.id() + " step " + std::to_string(step + 1) + " (" + lesson.steps()[static_cast<std::size_t>(step)].title + ")";
}

}  // namespace

TEST(Predictions, EveryChapterAsksAndMostStepsDo) {
  int steps = 0, asked = 0;
  for (const auto& lesson : make_lessons()) {
    int in_chapter = 0;
    for (const Step& step : lesson->steps()) {
      ++steps;
      if (!step.prediction) continue;
      ++asked, ++in_chapter;
      const Prediction& p = *step.prediction;
      EXPECT_FALSE(p.answer_key.empty()) << step.title;
      if (p.kind == Prediction::Kind::choice) EXPECT_GE(p.choices.size(), 2u) << step.title;
      // Every "{name}" names a parameter of the step.
      const std::string asked_text = prediction_question(step, defaults(step));
      EXPECT_EQ(asked_text.find('{'), std::string::npos) << step.title << ": " << asked_text;
    }
    EXPECT_GE(in_chapter, 1) << lesson->id() << " asks nothing";
  }
  EXPECT_GE(asked * 4, steps * 3) << asked << " of " << steps << " steps ask a question";
}

TEST(Predictions, QuestionsNameTheCurrentValues) {
  Step step{"Sample", {Param{"threads_per_block", "Threads", Param::Kind::integer, 1, 1024, 4},
                       Param{"sync", "Sync", Param::Kind::toggle, 0, 1, 1},
                       Param{"layout", "Layout", Param::Kind::choice, 0, 1, 0, false, {"row", "column"}}}};
  step.prediction = Prediction{.question = "{threads_per_block} threads, sync {sync}, {layout} layout, {unknown}"};
  ParamValues values = defaults(step);
  values["threads_per_block"] = 256;
  values["layout"] = 1;
  EXPECT_EQ(prediction_question(step, values), "256 threads, sync on, column layout, {unknown}");
}

TEST(Predictions, TypedAnswersAreParsedOrRefusedInWords) {
  Prediction number{.question = "How many?"};
  double value = 0;
  EXPECT_TRUE(parse_prediction(number, " 12 ", &value).ok());
  EXPECT_EQ(value, 12);
  EXPECT_NE(parse_prediction(number, "twelve", &value).message.find("not a number"), std::string::npos);
  EXPECT_FALSE(parse_prediction(number, "", &value).ok());

  Prediction choice{.question = "Which?", .kind = Prediction::Kind::choice, .choices = {"Pageable", "Pinned"}};
  EXPECT_TRUE(parse_prediction(choice, "2", &value).ok());
  EXPECT_EQ(value, 1);
  EXPECT_TRUE(parse_prediction(choice, "pageable", &value).ok());
  EXPECT_EQ(value, 0);
  const Status wrong = parse_prediction(choice, "3", &value);
  EXPECT_NE(wrong.message.find("1 (Pageable), 2 (Pinned)"), std::string::npos) << wrong.message;
}

TEST(Predictions, JudgingUsesTheRunsValueAndItsTolerance) {
  Step step{"Sample", {}};
  step.prediction = Prediction{.question = "Ratio?", .unit = "times", .answer_key = "ratio", .tolerance = 0.1};
  cudalab::Run run;
  EXPECT_FALSE(judge_prediction(step, {}, 16, run).has_value()) << "no answer in the run: nothing to judge";
  run.results["ratio"] = 16.0;
  EXPECT_TRUE(judge_prediction(step, {}, 16, run)->right);
  EXPECT_TRUE(judge_prediction(step, {}, 17, run)->right);
  EXPECT_FALSE(judge_prediction(step, {}, 18, run)->right);
  EXPECT_NE(judge_prediction(step, {}, 17, run)->in_words.find("Close enough"), std::string::npos);
  run.status = Status::error(StatusCode::invalid_argument, "refused");
  EXPECT_FALSE(judge_prediction(step, {}, 16, run).has_value()) << "a failed run answers nothing";

  Step choose{"Choice", {}};
  choose.prediction = Prediction{.question = "Which?", .kind = Prediction::Kind::choice, .choices = {"A", "B"}, .answer_key = "faster"};
  cudalab::Run answered;
  answered.results["faster"] = true;  // a boolean answers with index 1
  EXPECT_TRUE(judge_prediction(choose, {}, 1, answered)->right);
  EXPECT_FALSE(judge_prediction(choose, {}, 0, answered)->right);
  answered.results["faster"] = 2;  // past the choices: not an answer
  EXPECT_FALSE(judge_prediction(choose, {}, 0, answered).has_value());

  cudalab::Run recorded;
  recorded.results["ratio"] = 16.0;
  record_prediction(*judge_prediction(step, {}, 4, recorded), &recorded);
  EXPECT_EQ(recorded.results["prediction"]["predicted"], 4);
  EXPECT_EQ(recorded.results["prediction"]["right"], false);
}

// Every question of every chapter, answered by a real run of its step.
TEST(Predictions, EveryAnswerComesFromTheRun) {
  std::unique_ptr<Device> device;
  open_test_device(&device);
  if (!device) return;  // skipped (no GPU) or failed above
  const auto lessons = make_lessons();
  for (const auto& lesson : lessons) {
    const std::vector<Step> steps = lesson->steps();
    for (int index = 0; index < static_cast<int>(steps.size()); ++index) {
      const Step& step = steps[static_cast<std::size_t>(index)];
      if (!step.prediction) continue;
      SCOPED_TRACE(where(*lesson, index));
      StepSelection selection;
      const auto light = kLightSettings.find(step.title);
      ASSERT_TRUE(select_step(lessons, lesson->id(), index,
                              light == kLightSettings.end() ? std::vector<std::string>{} : light->second, &selection)
                      .ok());
      RunControl control;
      cudalab::Run run = lesson->run(index, selection.values, *device, control);
      ASSERT_TRUE(run.status.ok()) << run.status.describe();
      const Prediction& p = *step.prediction;
      const std::optional<double> answer = prediction_answer(p, run);
      ASSERT_TRUE(answer.has_value()) << "the run left no usable '" << p.answer_key << "'";
      EXPECT_TRUE(judge_prediction(step, selection.values, *answer, run)->right);
      const double wrong = p.kind == Prediction::Kind::choice ? (*answer == 0 ? 1 : 0) : *answer * (1 + 2 * p.tolerance) + 1;
      EXPECT_FALSE(judge_prediction(step, selection.values, wrong, run)->right);
      // The answer is the run's: without it there is nothing to compare with.
      run.results.erase(p.answer_key);
      EXPECT_FALSE(prediction_answer(p, run).has_value());
    }
  }
}

// Numbers the run computes move with the launch: the answer is measured, not written down.
TEST(Predictions, AnswersFollowTheLaunch) {
  std::unique_ptr<Device> device;
  open_test_device(&device);
  if (!device) return;
  const auto lessons = make_lessons();
  const auto answer_for = [&](const std::string& chapter, int step, const std::vector<std::string>& sets) {
    StepSelection selection;
    EXPECT_TRUE(select_step(lessons, chapter, step, sets, &selection).ok());
    RunControl control;
    const cudalab::Run run = selection.lesson->run(step, selection.values, *device, control);
    return prediction_answer(*selection.lesson->steps()[static_cast<std::size_t>(step)].prediction, run).value_or(-1);
  };
  EXPECT_EQ(answer_for("hello", 0, {"blocks_per_grid=2", "threads_per_block=4"}), 8);
  EXPECT_EQ(answer_for("hello", 0, {"blocks_per_grid=3", "threads_per_block=5"}), 15);
  EXPECT_EQ(answer_for("threads", 0, {"threads_per_block=8"}), 9);
  EXPECT_EQ(answer_for("threads", 1, {"elements=10", "threads_per_block=4"}), 2);
  EXPECT_EQ(answer_for("tiles", 2, {"n=20", "tile=8"}), 9 * 64);
}
