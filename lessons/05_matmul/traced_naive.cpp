#include "traced_naive.h"

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "cudalab/trace.h"
#include "kernels.h"

namespace cudalab::lessons::matmul {

Status run_traced_naive(Device& device, int n, unsigned block_edge, NaiveMapping mapping, TracedNaiveRun* out) {
  if (n < 1 || n > kLargestTracedNaiveN)
    return Status::error(StatusCode::invalid_argument,
                         fmt::format("the pictures trace every load, so n must be 1 to {}; got {}", kLargestTracedNaiveN, n));
  const unsigned edge = std::max(block_edge, 1u);
  const unsigned blocks = (static_cast<unsigned>(n) + edge - 1) / edge;
  TracedNaiveRun run;
  run.n = n;
  run.block_edge = block_edge;
  run.config = {Dim3(blocks, blocks), Dim3(block_edge, block_edge)};
  CUDALAB_RETURN_IF_ERROR(validate_launch(run.config, device.facts()));
  run.a = random_matrix(n, 1);
  run.b = random_matrix(n, 2);
  run.c.assign(run.a.size(), 0.0f);

  Buffer<float> device_a, device_b, device_c;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, run.a, &device_a));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, run.b, &device_b));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, run.a.size(), &device_c));
  TraceBuffer trace;
  const std::uint64_t elements = std::uint64_t(n) * n;
  CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, static_cast<std::uint32_t>(elements * (2 * n + 1)), &trace));
  const Kernel<TracedMatmul>& kernel = mapping == NaiveMapping::row_from_x ? matmul_naive_traced : matmul_coalesced_traced;
  CUDALAB_RETURN_IF_ERROR(
      launch(device, kernel, run.config, device_a.data(), device_b.data(), device_c.data(), n, trace.handle()));
  CUDALAB_RETURN_IF_ERROR(device.synchronize());
  CUDALAB_RETURN_IF_ERROR(device_c.download(run.c));
  std::uint64_t overflow = 0;
  CUDALAB_RETURN_IF_ERROR(trace.read(&run.trace, &overflow));
  if (overflow)
    return Status::error(StatusCode::internal, fmt::format("{} trace events did not fit; the picture would be partial", overflow));
  *out = std::move(run);
  return Status::success();
}

ThreadPlace place_of(const TraceEvent& event, const LaunchConfig& config) {
  const unsigned grid_x = std::max(config.grid.x, 1u), block_x = std::max(config.block.x, 1u);
  return {event.block % grid_x, event.block / grid_x, event.thread % block_x, event.thread / block_x};
}

}  // namespace cudalab::lessons::matmul
