#include "traced_naive.h"

#include <fmt/format.h>

#include "common/matmul/kernels.h"
#include "common/matmul/traced_matmul.h"
#include "text/say.h"

namespace cudalab::lessons::matmul {

Status run_traced_naive(Device& device, int n, unsigned block_edge, NaiveMapping mapping, TracedNaiveRun* out) {
  if (n < 1 || n > kLargestTracedNaiveN)
    return Status::error(StatusCode::invalid_argument,
                         say("the pictures trace every load, so n must be 1 to {}; got {}", kLargestTracedNaiveN, n));
  const unsigned edge = std::max(block_edge, 1u);
  const unsigned blocks = (static_cast<unsigned>(n) + edge - 1) / edge;
  TracedNaiveRun run;
  run.n = n;
  run.block_edge = block_edge;
  run.config = {Dim3(blocks, blocks), Dim3(block_edge, block_edge)};
  CUDALAB_RETURN_IF_ERROR(validate_launch(run.config, device.facts()));
  run.a = random_matrix(n, 1);
  run.b = random_matrix(n, 2);

  TracedMatmulBuffers buffers;
  const std::uint64_t elements = std::uint64_t(n) * n;
  CUDALAB_RETURN_IF_ERROR(buffers.prepare(device, run.a, run.b, static_cast<std::uint32_t>(elements * (2 * n + 1))));
  const Kernel<TracedMatmul>& kernel = mapping == NaiveMapping::row_from_x ? matmul_naive_traced : matmul_coalesced_traced;
  CUDALAB_RETURN_IF_ERROR(launch(device, kernel, run.config, buffers.a.data(), buffers.b.data(), buffers.c.data(), n,
                                 buffers.trace.handle()));
  CUDALAB_RETURN_IF_ERROR(buffers.finish(device, &run.c, &run.trace));
  *out = std::move(run);
  return Status::success();
}

ThreadPlace place_of(const TraceEvent& event, const LaunchConfig& config) {
  const unsigned grid_x = std::max(config.grid.x, 1u), block_x = std::max(config.block.x, 1u);
  return {event.block % grid_x, event.block / grid_x, event.thread % block_x, event.thread / block_x};
}

}  // namespace cudalab::lessons::matmul
