#pragma once
// Predict, then run: what the app and the CLI share about a step's prediction. The question is
// worded with the current parameter values, the student's answer is judged against the value the
// run itself left in Run::results, and the outcome is kept in the Run (results["prediction"]) so a
// saved run remembers what was predicted.
#include <optional>
#include <string>

#include "lesson.h"

namespace cudalab::lessons {

// The question with "{name}" replaced by the parameter's current value (a choice by its label, a
// toggle by on/off); an unknown name stays as written, so a typo shows instead of vanishing.
std::string prediction_question(const Step& step, const ParamValues& values);

// The run's own answer (a number, or a choice's index); nothing when the run did not produce one
// (a failed run, a step whose run left the key out).
std::optional<double> prediction_answer(const Prediction& prediction, const Run& run);

struct PredictionVerdict {
  std::string question;   // as asked
  double predicted = 0;   // the student's answer (a choice's index for Kind::choice)
  double actual = 0;      // the run's
  bool right = false;
  std::string in_words;   // "You predicted 8; the run says 8. Right."
};

// Judges `predicted` against the run; nothing when the run has no answer.
std::optional<PredictionVerdict> judge_prediction(const Step& step, const ParamValues& values, double predicted,
                                                  const Run& run);
// Parses a typed answer: a number for Kind::number; for Kind::choice a 1-based number or the
// choice's text (case-insensitive). Returns the value to judge (a choice's 0-based index), or an
// error naming what is allowed.
Status parse_prediction(const Prediction& prediction, const std::string& text, double* out);

// Stores the verdict in run->results["prediction"] (question, predicted, actual, right, words).
void record_prediction(const PredictionVerdict& verdict, Run* run);

}  // namespace cudalab::lessons
