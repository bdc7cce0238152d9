// Chapter 6, "Shared-memory tiles": the tiled kernel step by step, the traffic it saves, sizes that
// are not a multiple of the tile, the race of every function, and two broken kernels under
// compute-sanitizer and CUDA Lab's own checks. The kernels are those chapter 5 shows too
// (common/matmul/kernels.cuh): one kernel file for both chapters, which chapter 10 and the benches
// also measure.
#include "common/step_table_lesson.h"
#include "tiles_steps.h"

namespace cudalab::lessons {

std::unique_ptr<Lesson> make_tiles_lesson() {
  auto lesson = std::make_unique<StepTableLesson>(
      "tiles", "Shared-memory tiles", "06_tiles", "../common/matmul/kernels.cuh",
      std::vector<StepEntry>{
          {tiles::tile_by_tile_step, tiles::run_tile_by_tile, tiles::tile_by_tile_views},
          {tiles::traffic_step, tiles::run_traffic, tiles::traffic_views},
          {tiles::ragged_sizes_step, tiles::run_ragged_sizes, tiles::ragged_sizes_views},
          // A stopped race keeps the rows that finished: worth showing.
          {tiles::race_step, tiles::run_race, tiles::race_views, FailedRunViews::when_cancelled},
          // The tool's report and the grader's, beside each other.
          {tiles::find_the_bug_step, tiles::run_find_the_bug, tiles::find_the_bug_views},
      });
  lesson->set_program_file("program.cu");
  return lesson;
}

}  // namespace cudalab::lessons
