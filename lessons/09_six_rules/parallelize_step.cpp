// Chapter 9, rule 1: parallelize. The same polynomial at every element, as a loop on one CPU core
// (host clock) and as a kernel with one thread per element (the device's clock). The kernel's time
// is the kernel's alone: the copies are rule 2's business.
#include "cudalab/buffer.h"
#include "kernels.h"
#include "six_rules_steps.h"

namespace cudalab::lessons::six_rules {

Status measure_parallelize(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out) {
  const int n = sizes.elements;
  CUDALAB_RETURN_IF_ERROR(check_host_room(device, 3 * std::size_t(n) * sizeof(float), 2 * std::size_t(n) * sizeof(float)));
  const std::vector<float> x = random_inputs(std::size_t(n), 91);
  std::vector<float> cpu(x.size()), gpu(x.size());
  const RepeatPolicy policy = repeat_policy(device);
  out->before.label = "CPU loop";
  CUDALAB_RETURN_IF_ERROR(time_on_host(
      [&] {
        for (int i = 0; i < n; ++i) cpu[std::size_t(i)] = polynomial_reference(x[std::size_t(i)]);
      },
      policy, control, &out->before));
  Buffer<float> x_on_device, y_on_device;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, x, &x_on_device));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, x.size(), &y_on_device));
  const LaunchConfig config{Dim3((unsigned(n) + 255) / 256), Dim3(256)};
  out->after.label = "polynomial kernel";
  CUDALAB_RETURN_IF_ERROR(time_on_device(
      device, [&] { return launch(device, polynomial, config, n, x_on_device.data(), y_on_device.data()); }, policy,
      control, &out->after));
  CUDALAB_RETURN_IF_ERROR(y_on_device.download(gpu));
  // The CPU loop is the reference here: its own result must match the exact arithmetic too.
  std::vector<float> reference(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) reference[i] = polynomial_reference(x[i]);
  out->worst_error = std::max(worst_relative_error(gpu, reference), worst_relative_error(cpu, reference));
  out->matches = out->worst_error < kTolerance;
  return Status::success();
}

Step parallelize_step() {
  Step step{"Rule 1: parallelize", {elements_param()}};
  step.kernels = {"polynomial"};
  step.prediction = Prediction{.question = "A polynomial of degree 32 at {elements} elements: how many times faster is the kernel (one thread per element) than the loop on one CPU core?",
                               .kind = Prediction::Kind::number,
                               .unit = "times faster",
                               .answer_key = "speedup",
                               .tolerance = kFactorTolerance};
  return step;
}

void run_parallelize(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  run_pair_step(Rule::parallelize, sizes_of(values), device, control, run);
}

}  // namespace cudalab::lessons::six_rules
