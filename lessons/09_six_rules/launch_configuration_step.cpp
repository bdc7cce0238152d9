// Chapter 9, rule 3: the launch configuration. The grid-stride polynomial over the same elements,
// launched with one block of 256 threads (one SM does everything) and with one thread per element
// (blocks for every SM).
#include "cudalab/buffer.h"
#include "kernels.h"
#include "six_rules_steps.h"

namespace cudalab::lessons::six_rules {

Status measure_launch_configuration(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out) {
  const int n = sizes.elements;
  CUDALAB_RETURN_IF_ERROR(check_host_room(device, 3 * std::size_t(n) * sizeof(float), 2 * std::size_t(n) * sizeof(float)));
  const std::vector<float> x = random_inputs(std::size_t(n), 93);
  std::vector<float> reference(x.size()), one_block(x.size()), many(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) reference[i] = polynomial_reference(x[i]);
  Buffer<float> x_on_device, y_on_device;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, x, &x_on_device));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, x.size(), &y_on_device));
  const RepeatPolicy policy = repeat_policy(device);
  const LaunchConfig single{Dim3(1), Dim3(256)}, enough{Dim3((unsigned(n) + 255) / 256), Dim3(256)};
  out->before.label = "<<<1, 256>>>";
  CUDALAB_RETURN_IF_ERROR(time_on_device(
      device, [&] { return launch(device, polynomial_grid_stride, single, n, x_on_device.data(), y_on_device.data()); },
      policy, control, &out->before));
  CUDALAB_RETURN_IF_ERROR(y_on_device.download(one_block));
  CUDALAB_RETURN_IF_ERROR(y_on_device.zero());
  out->after.label = "<<<" + std::to_string(enough.grid.x) + ", 256>>>";
  CUDALAB_RETURN_IF_ERROR(time_on_device(
      device, [&] { return launch(device, polynomial_grid_stride, enough, n, x_on_device.data(), y_on_device.data()); },
      policy, control, &out->after));
  CUDALAB_RETURN_IF_ERROR(y_on_device.download(many));
  out->worst_error = std::max(worst_relative_error(one_block, reference), worst_relative_error(many, reference));
  out->matches = out->worst_error < kTolerance;
  return Status::success();
}

Step launch_configuration_step() {
  Step step{"Rule 3: launch configuration", {elements_param()}};
  step.kernels = {"polynomial_grid_stride"};
  step.prediction = Prediction{.question = "The grid-stride polynomial at {elements} elements: how many times faster is one thread per element than one block of 256 threads?",
                               .kind = Prediction::Kind::number,
                               .unit = "times faster",
                               .answer_key = "speedup",
                               .tolerance = kFactorTolerance};
  return step;
}

void run_launch_configuration(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  run_pair_step(Rule::launch_configuration, sizes_of(values), device, control, run);
}

}  // namespace cudalab::lessons::six_rules
