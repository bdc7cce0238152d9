// Chapter 5, "Matrix multiply: the naive kernel": one thread per element of C, its footprint, and
// which index should be x. Each step lives in its own file. The kernels (and the host code around
// them) are shared with chapters 6 and 10 and the benches: lessons/common/matmul.
#include "common/step_table_lesson.h"
#include "matmul_steps.h"

namespace cudalab::lessons {

std::unique_ptr<Lesson> make_matmul_lesson() {
  auto lesson = std::make_unique<StepTableLesson>(
      "matmul", "Matrix multiply: the naive kernel", "05_matmul", "../common/matmul/kernels.cuh",
      std::vector<StepEntry>{
          {matmul::one_thread_step, matmul::run_one_thread, matmul::one_thread_views},
          {matmul::block_footprint_step, matmul::run_block_footprint, matmul::block_footprint_views},
          {matmul::which_index_step, matmul::run_which_index, matmul::which_index_views},
      });
  lesson->set_program_file("program.cu");
  return lesson;
}

}  // namespace cudalab::lessons
