// Chapter 9, rule 4: coalesce global memory. C = A + B for n × n matrices with 32 × 8 blocks, the
// row taken from x (a warp's 32 threads touch floats n apart) or the column from x (neighbours).
#include "cudalab/buffer.h"
#include "kernels.h"
#include "six_rules_steps.h"

namespace cudalab::lessons::six_rules {

Status measure_coalescing(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out) {
  const int n = sizes.n;
  const std::size_t count = std::size_t(n) * std::size_t(n);
  CUDALAB_RETURN_IF_ERROR(check_host_room(device, 5 * count * sizeof(float), 3 * count * sizeof(float)));
  const std::vector<float> a = random_inputs(count, 94), b = random_inputs(count, 95);
  std::vector<float> reference(count), strided(count), coalesced(count);
  for (std::size_t i = 0; i < count; ++i) reference[i] = a[i] + b[i];
  Buffer<float> a_on_device, b_on_device, c_on_device;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, a, &a_on_device));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, b, &b_on_device));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, count, &c_on_device));
  const LaunchConfig config{Dim3((unsigned(n) + 31) / 32, (unsigned(n) + 7) / 8), Dim3(32, 8)};
  const RepeatPolicy policy = repeat_policy(device);
  out->before.label = "add_matrices_row_from_x";
  CUDALAB_RETURN_IF_ERROR(time_on_device(
      device,
      [&] { return launch(device, add_matrices_row_from_x, config, n, a_on_device.data(), b_on_device.data(), c_on_device.data()); },
      policy, control, &out->before));
  CUDALAB_RETURN_IF_ERROR(c_on_device.download(strided));
  CUDALAB_RETURN_IF_ERROR(c_on_device.zero());
  out->after.label = "add_matrices_col_from_x";
  CUDALAB_RETURN_IF_ERROR(time_on_device(
      device,
      [&] { return launch(device, add_matrices_col_from_x, config, n, a_on_device.data(), b_on_device.data(), c_on_device.data()); },
      policy, control, &out->after));
  CUDALAB_RETURN_IF_ERROR(c_on_device.download(coalesced));
  out->worst_error = std::max(worst_relative_error(strided, reference), worst_relative_error(coalesced, reference));
  out->matches = out->worst_error < kTolerance;
  return Status::success();
}

Step coalescing_step() {
  Param n = matrix_param();
  n.default_value = 1024;
  Step step{"Rule 4: coalesce global memory", {n}};
  step.kernels = {"add_matrices_row_from_x", "add_matrices_col_from_x"};
  step.prediction = Prediction{.question = "C = A + B for {n} × {n} matrices: how many times faster is the column from x (a warp's threads on neighbouring floats) than the row from x?",
                               .kind = Prediction::Kind::number,
                               .unit = "times faster",
                               .answer_key = "speedup",
                               .tolerance = kFactorTolerance};
  return step;
}

void run_coalescing(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  run_pair_step(Rule::coalescing, sizes_of(values), device, control, run);
}

}  // namespace cudalab::lessons::six_rules
