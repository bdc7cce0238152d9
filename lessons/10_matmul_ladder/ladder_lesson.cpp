// Chapter 10, "Towards cuBLAS": the matmul ladder. From chapter 6's shared tiles, one idea per
// rung (results per thread, 128-bit loads, warp tiles, double buffering, tensor cores), each a
// kernel file of its own, measured against cuBLAS; then the whole ladder under the roofline.
#include "common/step_table_lesson.h"
#include "ladder_steps.h"

namespace cudalab::lessons {
namespace {

template <ladder::Rung R>
Step describe_rung() {
  return ladder::rung_step(R);
}
template <ladder::Rung R>
void run_rung(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  ladder::run_rung(R, values, device, control, run);
}
template <ladder::Rung R>
StepEntry rung_entry() {
  return {describe_rung<R>, run_rung<R>, ladder::rung_views};
}

}  // namespace

std::unique_ptr<Lesson> make_ladder_lesson() {
  using ladder::Rung;
  auto lesson = std::make_unique<StepTableLesson>(
      "ladder", "Towards cuBLAS", "10_matmul_ladder", "rung_1d_tiling.cuh",
      std::vector<StepEntry>{
          rung_entry<Rung::tiling_1d>(),
          rung_entry<Rung::tiling_2d>(),
          rung_entry<Rung::vectorized>(),
          rung_entry<Rung::warp_tiling>(),
          rung_entry<Rung::double_buffer>(),
          rung_entry<Rung::tf32_wmma>(),
          rung_entry<Rung::tf32_mma>(),
          rung_entry<Rung::tf32_wgmma>(),
          {ladder::whole_ladder_step, ladder::run_whole_ladder, ladder::whole_ladder_views, FailedRunViews::when_cancelled},
      });
  lesson->set_program_file("program.cu");
  return lesson;
}

}  // namespace cudalab::lessons
