// Chapter 2, "Threads, blocks, grids": 1D indexing, covering an array (guard and grid-stride
// loop), 2D grids and blocks, and how blocks meet the SMs. Each step lives in its own file.
#include "common/step_table_lesson.h"
#include "threads_steps.h"

namespace cudalab::lessons {

std::unique_ptr<Lesson> make_threads_lesson() {
  auto lesson = std::make_unique<StepTableLesson>(
      "threads", "Threads, blocks, grids", "02_threads", "kernels.cuh",
      std::vector<StepEntry>{
          {threads::indexing_1d_step, threads::run_indexing_1d, threads::indexing_1d_views},
          {threads::covering_step, threads::run_covering, threads::covering_views},
          {threads::grid_2d_step, threads::run_grid_2d, threads::grid_2d_views},
          {threads::blocks_on_sms_step, threads::run_blocks_on_sms, threads::blocks_on_sms_views},
      });
  lesson->set_program_file("program.cu");
  return lesson;
}

}  // namespace cudalab::lessons
