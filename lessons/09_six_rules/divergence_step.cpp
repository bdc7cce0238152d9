// Chapter 9, rule 6: avoid divergence. Half the elements take path A and half path B: chosen by
// threadIdx.x % 2 (both paths in every warp: the warp runs one, then the other) or by the warp
// number (each warp runs one path). The emulator runs each thread on its own and cannot show the cost.
#include "cudalab/buffer.h"
#include "kernels.h"
#include "six_rules_steps.h"

namespace cudalab::lessons::six_rules {

Status measure_divergence(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out) {
  const int n = sizes.elements, rounds = sizes.rounds;
  constexpr unsigned kThreads = 256;
  CUDALAB_RETURN_IF_ERROR(check_host_room(device, 5 * std::size_t(n) * sizeof(float), 2 * std::size_t(n) * sizeof(float)));
  const std::vector<float> x = random_inputs(std::size_t(n), 98);
  std::vector<float> by_thread_reference(x.size()), by_warp_reference(x.size()), by_thread(x.size()), by_warp(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    const unsigned thread = unsigned(i) % kThreads;
    by_thread_reference[i] = thread % 2 == 0 ? path_a_reference(x[i], rounds) : path_b_reference(x[i], rounds);
    by_warp_reference[i] = (thread / 32) % 2 == 0 ? path_a_reference(x[i], rounds) : path_b_reference(x[i], rounds);
  }
  Buffer<float> x_on_device, y_on_device;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, x, &x_on_device));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, x.size(), &y_on_device));
  const LaunchConfig config{Dim3((unsigned(n) + kThreads - 1) / kThreads), Dim3(kThreads)};
  const RepeatPolicy policy = repeat_policy(device);
  out->before.label = "branch_on_odd_thread";
  CUDALAB_RETURN_IF_ERROR(time_on_device(
      device, [&] { return launch(device, branch_on_odd_thread, config, n, x_on_device.data(), y_on_device.data(), rounds); },
      policy, control, &out->before));
  CUDALAB_RETURN_IF_ERROR(y_on_device.download(by_thread));
  out->after.label = "branch_on_odd_warp";
  CUDALAB_RETURN_IF_ERROR(time_on_device(
      device, [&] { return launch(device, branch_on_odd_warp, config, n, x_on_device.data(), y_on_device.data(), rounds); },
      policy, control, &out->after));
  CUDALAB_RETURN_IF_ERROR(y_on_device.download(by_warp));
  out->worst_error = std::max(worst_relative_error(by_thread, by_thread_reference),
                              worst_relative_error(by_warp, by_warp_reference));
  out->matches = out->worst_error < kTolerance;
  return Status::success();
}

Step divergence_step() {
  Param rounds{"rounds", "Rounds of work per path", Param::Kind::integer, 1, 1024, 32};
  rounds.log_scale = true;
  Step step{"Rule 6: avoid divergence", {elements_param(), rounds}};
  step.kernels = {"branch_on_odd_thread", "branch_on_odd_warp"};
  step.prediction = Prediction{.question = "Half the threads take each path, {rounds} rounds each: how many times faster is branching on the warp number than on threadIdx.x % 2?",
                               .kind = Prediction::Kind::number,
                               .unit = "times faster",
                               .answer_key = "speedup",
                               .tolerance = kFactorTolerance};
  return step;
}

void run_divergence(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  run_pair_step(Rule::divergence, sizes_of(values), device, control, run);
}

}  // namespace cudalab::lessons::six_rules
