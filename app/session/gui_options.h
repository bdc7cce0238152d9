#pragma once
// What the command line asks of the desktop window (shell/gui.h runs it). Plain data, so that the
// command line, which links no GUI library, can parse it and hand it over.
#include <string>
#include <vector>

#include "cudalab/device.h"
#include "session/tour_faces.h"

namespace cudalab::app {

struct GuiOptions {
  BackendRequest backend = BackendRequest::automatic;
  std::string chapter;                   // start here (lesson id); "" = where the user left off
  int step = -1;                         // 0-based; -1 = remembered/first
  std::vector<std::string> assignments;  // "name=value", applied to the start step
  int width = 0, height = 0;             // 0 = remembered/default window size
  // Screenshot mode (`cudalab shot`): render the start step once its run finished, save a PNG,
  // exit 0 (or non-zero with one line on stderr).
  std::string shot_out;
  // Tour mode (tests): visit every chapter and step through the same key handling a user has,
  // saving DIR/<chapter>-<step>.png for each, then exit.
  std::string tour_dir;
  // The combined tour (tests): every step run once and shot in each face, into the face's folder
  // (tour_faces.h). Used instead of tour_dir.
  std::vector<TourFace> tour_faces;
  bool read_only_settings = false;  // tests: never write settings.json
  // Appearance for this session, over the remembered one: "dark", "light", "high-contrast"
  // ("" = remembered), and the text size (0 = remembered; 0.75 to 3). Shots for slides use them.
  std::string theme;
  float font_scale = 0;
  // "en" or "zh-CN" for this session ("" = remembered, else the system locale; screenshots and the
  // tour: English unless asked).
  std::string language;
  // Predict, then run. Automated modes skip the questions unless asked: `ask_prediction` shows the
  // start step's question (and shoots it), `predict` answers it at once (the shot shows the verdict).
  bool ask_prediction = false;
  std::string predict;
  // GPU runs made elsewhere (`cudalab record`), shown beside the live run: this folder first, then
  // the recordings shipped with the app (<data>/assets/recordings/*/).
  std::string recordings_dir;
  // A saved run to show at start (`cudalab FILE.json`), at its own chapter and step.
  std::string open_run;
  bool show_recorded = false;  // start on the recorded run of the start step, when there is one
  // Start on an exercise (its id), optionally with its kernel replaced by "starter", "solution" or
  // a file's text, and checked at once (screenshots of a verdict). Automated modes never save it.
  std::string exercise;
  std::string exercise_source;
  bool check_exercise = false;

  // Screenshot or tour: no hover, no remembered place, never writes settings.
  bool automated() const { return !shot_out.empty() || !tour_dir.empty() || !tour_faces.empty(); }
};

}  // namespace cudalab::app
