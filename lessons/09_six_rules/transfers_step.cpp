// Chapter 9, rule 2: minimize transfers. `operations` small kernels on the same data: once with a
// round trip (copy in, kernel, copy out) around each, once with the data kept on the device between
// them. Both timed end to end on the host clock: copies and kernels together are the point.
#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "kernels.h"
#include "six_rules_steps.h"
#include "text/say.h"

namespace cudalab::lessons::six_rules {

Status measure_transfers(const RuleSizes& sizes, Device& device, RunControl& control, PairOutcome* out) {
  const int n = sizes.elements, operations = sizes.operations;
  CUDALAB_RETURN_IF_ERROR(check_host_room(device, 3 * std::size_t(n) * sizeof(float), std::size_t(n) * sizeof(float)));
  const std::vector<float> x = random_inputs(std::size_t(n), 92);
  std::vector<float> round_trips(x.size()), kept(x.size()), reference(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    float value = x[i];
    for (int k = 0; k < operations; ++k) value += 1.0f;
    reference[i] = value;
  }
  Buffer<float> data;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, x.size(), &data));
  const LaunchConfig config{Dim3((unsigned(n) + 255) / 256), Dim3(256)};
  const RepeatPolicy policy = repeat_policy(device);
  Status failed;
  long long copies = 0;
  out->before.label = "a round trip per operation";
  CUDALAB_RETURN_IF_ERROR(time_on_host(
      [&] {
        copies = 0;
        round_trips = x;
        for (int k = 0; k < operations && failed.ok(); ++k) {
          failed = data.upload(round_trips);
          if (failed.ok()) failed = launch(device, add_one_to_each, config, n, data.data());
          if (failed.ok()) failed = data.download(round_trips);
          copies += 2;
        }
      },
      policy, control, &out->before));
  CUDALAB_RETURN_IF_ERROR(failed);
  out->after.label = "data kept on the device";
  CUDALAB_RETURN_IF_ERROR(time_on_host(
      [&] {
        failed = data.upload(x);
        for (int k = 0; k < operations && failed.ok(); ++k) failed = launch(device, add_one_to_each, config, n, data.data());
        if (failed.ok()) failed = data.download(kept);
      },
      policy, control, &out->after));
  CUDALAB_RETURN_IF_ERROR(failed);
  out->worst_error = std::max(worst_relative_error(round_trips, reference), worst_relative_error(kept, reference));
  out->matches = out->worst_error < kTolerance;
  out->before.label = say("a round trip per operation ({} copies)", copies);
  return Status::success();
}

Step transfers_step() {
  Param operations{"operations", "Operations (kernels in a row)", Param::Kind::integer, 1, 256, 16};
  operations.log_scale = true;
  Param elements = elements_param();
  elements.default_value = 1 << 18;
  Step step{"Rule 2: minimize transfers", {elements, operations}};
  step.kernels = {"add_one_to_each"};
  step.prediction = Prediction{.question = "{operations} operations on {elements} floats: how many times faster is copying in and out once than a round trip per operation?",
                               .kind = Prediction::Kind::number,
                               .unit = "times faster",
                               .answer_key = "speedup",
                               .tolerance = kFactorTolerance};
  return step;
}

void run_transfers(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  run_pair_step(Rule::transfers, sizes_of(values), device, control, run);
}

}  // namespace cudalab::lessons::six_rules
