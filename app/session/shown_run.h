#pragma once
// What the canvas and results show: the last good Run of a step, with its views. Plain data, shared
// by the shell and the features that put a run on screen (app/panels/recorded_runs.h).
#include <cstdint>
#include <vector>

#include "cudalab/run.h"
#include "i18n/language.h"
#include "views.h"

namespace cudalab::app {

struct ShownRun {
  int chapter = -1, step = -1;
  Run run;
  std::vector<lessons::View> views;
  std::uint64_t version = 0;  // bumps with every new Run shown: canvases re-upload
  double seconds = 0;
  // The language the lesson built `views` in (lessons/text/say.h), and whether the English a Run
  // itself carries (statuses, timing labels) has been shown in the current language since.
  // AppShell::frame() builds the views again from `run` when the app's language differs: no new
  // run for a language switch, and no English text parsed back.
  i18n::Language views_language = i18n::Language::en;
  bool localized = false;
};

}  // namespace cudalab::app
