// Chapter 3, "Where data lives": the memory map of this device, global memory bandwidth, shared
// against global memory, shared memory belonging to one block, registers against local memory.
// Each step lives in its own file (memory_steps.h).
#include "common/step_table_lesson.h"
#include "memory_steps.h"

namespace cudalab::lessons {

std::unique_ptr<Lesson> make_memory_lesson() {
  auto lesson = std::make_unique<StepTableLesson>(
      "memory", "Where data lives", "03_memory", "kernels.cuh",
      std::vector<StepEntry>{
          {memory::memory_map_step, memory::run_memory_map, memory::memory_map_views},
          {memory::bandwidth_step, memory::run_bandwidth, memory::bandwidth_views},
          {memory::shared_vs_global_step, memory::run_shared_vs_global, memory::shared_vs_global_views},
          {memory::shared_per_block_step, memory::run_shared_per_block, memory::shared_per_block_views},
          {memory::registers_step, memory::run_registers, memory::registers_views},
      });
  lesson->set_program_file("program.cu");
  return lesson;
}

}  // namespace cudalab::lessons
