// Chapter 9, rule 5: avoid redundant global reads. C = A × B with every operand read from global
// memory (n reads of each element) and with 16 × 16 tiles in shared memory (n / 16 reads).
// Reference: the product in double precision on the CPU.
#include "cudalab/buffer.h"
#include "kernels.h"
#include "six_rules_steps.h"

namespace cudalab::lessons::six_rules {

Status measure_reuse(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out) {
  const int n = sizes.n;
  const std::size_t count = std::size_t(n) * std::size_t(n);
  CUDALAB_RETURN_IF_ERROR(check_host_room(device, 5 * count * sizeof(float), 3 * count * sizeof(float)));
  const std::vector<float> a = random_inputs(count, 96), b = random_inputs(count, 97);
  std::vector<float> reference(count), global(count), tiled(count);
  for (int row = 0; row < n; ++row) {
    std::vector<double> sums(std::size_t(n), 0.0);
    for (int k = 0; k < n; ++k) {
      const double left = a[std::size_t(row) * n + k];
      for (int col = 0; col < n; ++col) sums[std::size_t(col)] += left * b[std::size_t(k) * n + col];
    }
    for (int col = 0; col < n; ++col) reference[std::size_t(row) * n + col] = float(sums[std::size_t(col)]);
  }
  Buffer<float> a_on_device, b_on_device, c_on_device;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, a, &a_on_device));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, b, &b_on_device));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, count, &c_on_device));
  const unsigned tiles = (unsigned(n) + kMatmulTile - 1) / kMatmulTile;
  const LaunchConfig config{Dim3(tiles, tiles), Dim3(kMatmulTile, kMatmulTile)};
  const RepeatPolicy policy = repeat_policy(device);
  out->before.label = "matmul_global_reads";
  CUDALAB_RETURN_IF_ERROR(time_on_device(
      device,
      [&] { return launch(device, matmul_global_reads, config, n, a_on_device.data(), b_on_device.data(), c_on_device.data()); },
      policy, control, &out->before));
  CUDALAB_RETURN_IF_ERROR(c_on_device.download(global));
  CUDALAB_RETURN_IF_ERROR(c_on_device.zero());
  out->after.label = "matmul_shared_tiles";
  CUDALAB_RETURN_IF_ERROR(time_on_device(
      device,
      [&] { return launch(device, matmul_shared_tiles, config, n, a_on_device.data(), b_on_device.data(), c_on_device.data()); },
      policy, control, &out->after));
  CUDALAB_RETURN_IF_ERROR(c_on_device.download(tiled));
  out->worst_error = std::max(worst_relative_error(global, reference), worst_relative_error(tiled, reference));
  out->matches = out->worst_error < kTolerance;
  return Status::success();
}

Step reuse_step() {
  Param n = matrix_param();
  n.max = 2048;
  Step step{"Rule 5: avoid redundant global reads", {n}};
  step.time_limit_seconds = 120;
  step.kernels = {"matmul_global_reads", "matmul_shared_tiles"};
  step.prediction = Prediction{.question = "C = A × B for {n} × {n} matrices: how many times faster are 16 × 16 tiles in shared memory than reading every row and column from global memory?",
                               .kind = Prediction::Kind::number,
                               .unit = "times faster",
                               .answer_key = "speedup",
                               .tolerance = kFactorTolerance};
  return step;
}

void run_reuse(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  run_pair_step(Rule::reuse, sizes_of(values), device, control, run);
}

}  // namespace cudalab::lessons::six_rules
