// Chapter 1, "Hello kernel": a __global__ function, its launch configuration, the asynchronous
// launch, and kernels calling device functions. Each step lives in its own file (hello_steps.h).
#include "common/step_table_lesson.h"
#include "hello_steps.h"

namespace cudalab::lessons {

std::unique_ptr<Lesson> make_hello_lesson() {
  auto lesson = std::make_unique<StepTableLesson>(
      "hello", "Hello kernel", "01_hello_kernel", "kernels.cuh",
      std::vector<StepEntry>{
          {hello::launch_step, hello::run_launch, hello::launch_views},
          {hello::async_step, hello::run_async, hello::async_views},
          {hello::device_function_step, hello::run_device_function, hello::device_function_views},
      });
  lesson->set_program_file("program.cu");
  return lesson;
}

}  // namespace cudalab::lessons
