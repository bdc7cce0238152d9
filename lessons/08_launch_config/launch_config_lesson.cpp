// Chapter 8, "Launch configuration": occupancy (how many blocks one SM holds, and which resource
// stops it), the block size swept with its waves, and the grid size that fills the GPU.
#include "common/step_table_lesson.h"
#include "launch_config_steps.h"

namespace cudalab::lessons {

std::unique_ptr<Lesson> make_launch_config_lesson() {
  auto lesson = std::make_unique<StepTableLesson>(
      "launch", "Launch configuration", "08_launch_config", "kernels.cuh",
      std::vector<StepEntry>{
          {launch_config::calculator_step, launch_config::run_calculator, launch_config::calculator_views},
          {launch_config::block_size_step, launch_config::run_block_size, launch_config::block_size_views},
          {launch_config::grid_size_step, launch_config::run_grid_size, launch_config::grid_size_views},
      });
  lesson->set_program_file("program.cu");
  return lesson;
}

}  // namespace cudalab::lessons
