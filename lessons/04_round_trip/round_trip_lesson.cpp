// Chapter 4, "Host → device → kernel → host": the round trip drawn to scale, pageable against
// pinned host memory, when the GPU is worth its copies, copies overlapping kernels on streams, and
// what the program is told when a launch goes wrong.
// Each step lives in its own file (round_trip_steps.h).
#include "common/step_table_lesson.h"
#include "round_trip_steps.h"

namespace cudalab::lessons {

std::unique_ptr<Lesson> make_round_trip_lesson() {
  auto lesson = std::make_unique<StepTableLesson>(
      "roundtrip", "Host → device → kernel → host", "04_round_trip", "kernels.cuh",
      std::vector<StepEntry>{
          {round_trip::timeline_step, round_trip::run_timeline, round_trip::timeline_views},
          {round_trip::pinned_step, round_trip::run_pinned, round_trip::pinned_views},
          {round_trip::worth_it_step, round_trip::run_worth_it, round_trip::worth_it_views},
          {round_trip::overlap_step, round_trip::run_overlap, round_trip::overlap_views},
          {round_trip::errors_step, round_trip::run_errors, round_trip::errors_views},
      });
  lesson->set_program_file("program.cu");
  return lesson;
}

}  // namespace cudalab::lessons
