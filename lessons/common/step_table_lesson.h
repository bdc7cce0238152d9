#pragma once
// A chapter as a table of steps. Every chapter used to repeat the same class: the step list, a
// switch to each step's run and views, begin_run, the "no step N" message and "a failed run has no
// picture". A chapter now lists its steps and this class does the rest, the same way for all.
#include <string>
#include <utility>
#include <vector>

#include "lesson.h"

namespace cudalab::lessons {

// What a step's views are given when its run did not succeed.
enum class FailedRunViews {
  none,            // nothing: the app keeps the last good picture and shows run.status in words
  when_cancelled,  // a run stopped on request still shows what it finished (the race's rows)
  always,          // the step draws whatever the run holds (chapter 0's facts)
};

struct StepEntry {
  Step (*describe)();
  // Fills `run` (its header already written); errors go into run->status, never thrown.
  void (*run)(const ParamValues& values, Device& device, RunControl& control, Run* run);
  std::vector<View> (*views)(const Run& run);
  FailedRunViews failed_run_views = FailedRunViews::none;
};

class StepTableLesson : public Lesson {
 public:
  StepTableLesson(std::string id, std::string title, std::string folder, std::string kernel_file,
                  std::vector<StepEntry> entries);
  // The chapter's whole plain-CUDA program (Lesson::program_file), relative to folder(); "" for none.
  void set_program_file(std::string program_file) { program_file_ = std::move(program_file); }

  std::string id() const final { return id_; }
  std::string title() const final { return title_; }
  std::string folder() const final { return folder_; }
  std::string kernel_file() const final { return kernel_file_; }
  std::string program_file() const final { return program_file_; }
  std::vector<Step> steps() const final;

  // begin_run, then the step's own run once the step exists and its values are in range
  // (check_values_in_range); progress ends at 1 whatever happened.
  Run run(int step, const ParamValues& values, Device& device, RunControl& control) final;
  std::vector<View> views(int step, const Run& run) const final;

 private:
  std::string id_, title_, folder_, kernel_file_, program_file_;
  std::vector<StepEntry> entries_;
};

}  // namespace cudalab::lessons
