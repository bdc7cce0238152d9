#pragma once
// The backend the runs go to, as the window knows it: still opening, open (its facts) or not (why),
// and every backend this machine has (the status bar's selector). The runner opens it off the UI
// thread and reports events (LessonRunner::BackendEvent); the shell hands each to take().
#include <optional>
#include <string>
#include <vector>

#include "cudalab/device.h"
#include "session/lesson_runner.h"

namespace cudalab::app {

struct BackendState {
  std::vector<BackendChoice> choices;  // listed once, at start
  std::optional<DeviceFacts> facts;    // of the open device
  std::string problem;                 // why it could not be opened
  bool opening = true;

  void take(LessonRunner::BackendEvent& event) {
    opening = false;
    if (event.has_choices) choices = std::move(event.choices);
    if (event.status.ok()) {
      facts = event.facts;
      problem.clear();
    } else {
      facts.reset();
      problem = event.status.describe();
    }
  }
};

}  // namespace cudalab::app
