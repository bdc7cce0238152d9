#pragma once
// Every step of every chapter (or of one) at the opened device's defaults, each in the worker as in
// the window: what `cudalab record` saves and `cudalab bench emulator --steps` times.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cudalab/device.h"
#include "cudalab/run.h"
#include "lesson.h"
#include "worker/step_host.h"

namespace cudalab::app {

struct StepRun {
  const lessons::Lesson* lesson = nullptr;
  int step = 0;  // 0-based
  std::string title;
  Run run;
  double seconds = 0;  // wall time of the whole run, worker round trip included
};

// Runs the steps in course order; `only_chapter` (an id) limits them to one chapter, "" = all.
// The values are the defaults of the device `facts` describes (lessons::Param::emulator_default).
void run_every_step(worker::StepHost& host, const DeviceFacts& facts,
                    const std::vector<std::unique_ptr<lessons::Lesson>>& lessons, const std::string& only_chapter,
                    const std::function<void(const StepRun&)>& each);

}  // namespace cudalab::app
