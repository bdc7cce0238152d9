// Chapter 7, "Warps": the 32 threads that run together. Divergence, a reduction rung by rung,
// shared-memory bank conflicts and contended atomics, each measured on this device and checked
// against the CPU, with the warp-level facts recorded by the kernels themselves.
#include "common/step_table_lesson.h"
#include "warps_steps.h"

namespace cudalab::lessons {

std::unique_ptr<Lesson> make_warps_lesson() {
  using namespace warps;
  auto lesson = std::make_unique<StepTableLesson>("warps", "Warps", "07_warps", "kernels.cuh",
                                                  std::vector<StepEntry>{
                                                      {divergence_step, run_divergence, divergence_views},
                                                      {reduction_step, run_reduction, reduction_views},
                                                      {bank_conflicts_step, run_bank_conflicts, bank_conflicts_views},
                                                      {atomics_step, run_atomics, atomics_views},
                                                  });
  lesson->set_program_file("program.cu");
  return lesson;
}

}  // namespace cudalab::lessons
