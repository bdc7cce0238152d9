// Chapter 1, "Hello kernel": a __global__ function, its launch configuration, the asynchronous
// launch, and kernels calling device functions. Each step lives in its own file (hello_steps.h).
#include <fmt/format.h>

#include "hello_steps.h"

namespace cudalab::lessons {
namespace {

enum StepIndex { kLaunchStep = 0, kAsyncStep = 1, kDeviceFunctionStep = 2 };

class HelloLesson final : public Lesson {
 public:
  std::string id() const override { return "hello"; }
  std::string title() const override { return "Hello kernel"; }
  std::string folder() const override { return "01_hello_kernel"; }
  std::string kernel_file() const override { return "kernels.cuh"; }

  std::vector<Step> steps() const override {
    return {hello::launch_step(), hello::async_step(), hello::device_function_step()};
  }

  Run run(int step, const ParamValues& values, Device& device, RunControl&) override {
    Run run;
    begin_run(&run, *this, step, values, device);
    switch (step) {
      case kLaunchStep: hello::run_launch(values, device, &run); break;
      case kAsyncStep: hello::run_async(values, device, &run); break;
      case kDeviceFunctionStep: hello::run_device_function(values, device, &run); break;
      default:
        run.status = Status::error(StatusCode::invalid_argument,
                                   fmt::format("chapter \"{}\" has no step {}", title(), step + 1));
    }
    return run;
  }

  // A failed run has no picture: the app keeps the last good one and shows run.status in words.
  std::vector<View> views(int step, const Run& run) const override {
    if (!run.status.ok()) return {};
    switch (step) {
      case kLaunchStep: return hello::launch_views(run);
      case kAsyncStep: return hello::async_views(run);
      case kDeviceFunctionStep: return hello::device_function_views(run);
      default: return {};
    }
  }
};

}  // namespace

namespace hello {
std::string microseconds_in_words(double microseconds) {
  if (microseconds >= 1000.0) return fmt::format("{:.3f} ms", microseconds / 1000.0);
  return fmt::format("{:.1f} µs", microseconds);
}
}  // namespace hello

std::unique_ptr<Lesson> make_hello_lesson() { return std::make_unique<HelloLesson>(); }

}  // namespace cudalab::lessons
