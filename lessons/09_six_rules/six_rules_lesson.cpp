// Chapter 9, "The six rules": the tutorial's closing list, each rule a before/after pair measured
// on this device and checked against the CPU, then all six raced.
#include "common/step_table_lesson.h"
#include "six_rules_steps.h"

namespace cudalab::lessons {

std::unique_ptr<Lesson> make_six_rules_lesson() {
  using namespace six_rules;
  auto lesson = std::make_unique<StepTableLesson>(
      "rules", "The six rules", "09_six_rules", "kernels.cuh",
      std::vector<StepEntry>{
          {parallelize_step, run_parallelize, pair_views},
          {transfers_step, run_transfers, pair_views},
          {launch_configuration_step, run_launch_configuration, pair_views},
          {coalescing_step, run_coalescing, pair_views},
          {reuse_step, run_reuse, pair_views},
          {divergence_step, run_divergence, pair_views},
          {race_step, run_race, race_views, FailedRunViews::when_cancelled},
      });
  lesson->set_program_file("program.cu");
  return lesson;
}

}  // namespace cudalab::lessons
