#pragma once
// Predict, then run, a feature that owns its state: the question card that stands in for the
// canvas before a step's first run in a session, the judging of the run that answers it, and the
// verdict above the picture. The question, the parsing and the judging are the lessons' own
// (lessons/prediction.h), so the command line's `--predict` says the same. The shell runs the step;
// this panel says when the question comes first and which run answers it.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "cudalab/run.h"
#include "session/console_log.h"
#include "session/course.h"
#include "widgets/widget_style.h"

namespace cudalab::app {

class PredictionPanel {
 public:
  // Screenshots and the tour show runs: quiet, the panel asks only for a `--predict` answer.
  void set_quiet(bool quiet) { quiet_ = quiet; }
  // `cudalab --predict TEXT`: the answer for the start step's question, given as soon as it is asked.
  void answer_at_start(std::string text) { at_start_ = std::move(text); }

  bool asking() const { return card_.asking; }
  // The current step has a question not yet asked this session.
  bool due(const Course& course) const;
  // Puts the question on the canvas; returns the `--predict` answer when there is one, which the
  // shell submits at once.
  std::optional<double> start_asking(const Course& course);
  void ask_again(int chapter, int step) { answered_.erase({chapter, step}); }
  // A step whose run is shown without asking (an opened run): its question is not due.
  void mark_answered(int chapter, int step) { answered_.insert({chapter, step}); }

  // The student answered (a value) or skipped (nullopt) the current step's question; the shell then
  // runs the step and names the request that answers: judged_by(id).
  void answered(const Course& course, std::optional<double> value);
  void judged_by(std::uint64_t request) { submitted_for_ = request; }
  // A finished (not partial) run of the current step: when it is the one a prediction waits for,
  // the verdict, judged at the course's values, goes into the run (lessons::record_prediction) and,
  // in words, to the console.
  void judge(Course& course, std::uint64_t request, Run* run, ConsoleLog& console);

  // Draws the question card; returns what the student submitted this frame (a value, or nullopt
  // for "Skip: just run"), or nothing.
  std::optional<std::optional<double>> draw_card(Course& course, const widgets::Style& style);
  // The verdict banner above the picture, when `shown` carries one.
  static void draw_verdict(const Run& shown, const Course& course);

 private:
  struct Card {
    bool asking = false;      // the current step's question is on the canvas
    std::string typed;        // a number being typed
    int choice = -1;          // a choice picked
    std::string problem;      // why the typed answer was refused, in words
    bool focus_input = false; // give the answer field the keyboard once
  } card_;
  std::optional<double> submitted_;  // judged against the outcome of request `submitted_for_`
  std::uint64_t submitted_for_ = 0;
  std::set<std::pair<int, int>> answered_;  // (chapter, step) asked this session
  std::optional<std::string> at_start_;
  bool quiet_ = false;
};

}  // namespace cudalab::app
