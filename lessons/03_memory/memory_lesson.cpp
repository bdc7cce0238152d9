// Chapter 3, "Where data lives": the memory map of this device, global memory bandwidth, shared
// against global memory, shared memory belonging to one block, registers against local memory.
// Each step lives in its own file (memory_steps.h).
#include <fmt/format.h>

#include "memory_steps.h"

namespace cudalab::lessons {
namespace {

enum StepIndex { kMapStep = 0, kBandwidthStep = 1, kSharedVsGlobalStep = 2, kSharedPerBlockStep = 3, kRegistersStep = 4 };

class MemoryLesson final : public Lesson {
 public:
  std::string id() const override { return "memory"; }
  std::string title() const override { return "Where data lives"; }
  std::string folder() const override { return "03_memory"; }
  std::string kernel_file() const override { return "kernels.cuh"; }

  std::vector<Step> steps() const override {
    return {memory::memory_map_step(), memory::bandwidth_step(), memory::shared_vs_global_step(),
            memory::shared_per_block_step(), memory::registers_step()};
  }

  Run run(int step, const ParamValues& values, Device& device, RunControl& control) override {
    Run run;
    begin_run(&run, *this, step, values, device);
    switch (step) {
      case kMapStep: memory::run_memory_map(values, device, &run); break;
      case kBandwidthStep: memory::run_bandwidth(values, device, control, &run); break;
      case kSharedVsGlobalStep: memory::run_shared_vs_global(values, device, control, &run); break;
      case kSharedPerBlockStep: memory::run_shared_per_block(values, device, &run); break;
      case kRegistersStep: memory::run_registers(values, device, control, &run); break;
      default:
        run.status = Status::error(StatusCode::invalid_argument,
                                   fmt::format("chapter \"{}\" has no step {}", title(), step + 1));
    }
    control.progress = 1.f;
    return run;
  }

  // A failed run has no picture: the app keeps the last good one and shows run.status in words.
  std::vector<View> views(int step, const Run& run) const override {
    if (!run.status.ok()) return {};
    switch (step) {
      case kMapStep: return memory::memory_map_views(run);
      case kBandwidthStep: return memory::bandwidth_views(run);
      case kSharedVsGlobalStep: return memory::shared_vs_global_views(run);
      case kSharedPerBlockStep: return memory::shared_per_block_views(run);
      case kRegistersStep: return memory::registers_views(run);
      default: return {};
    }
  }
};

}  // namespace

std::unique_ptr<Lesson> make_memory_lesson() { return std::make_unique<MemoryLesson>(); }

}  // namespace cudalab::lessons
