#include "traced_tiles.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "common/matmul/kernels.h"
#include "common/matmul/traced_matmul.h"
#include "text/say.h"

namespace cudalab::lessons::tiles {

using namespace matmul;

Status run_traced_tiles(Device& device, int n, int tile, Barriers barriers, TracedTilesRun* out) {
  if (n < 1 || n > kLargestTracedN)
    return Status::error(StatusCode::invalid_argument,
                         say("the pictures trace every tile slot, so n must be 1 to {}; got {}", kLargestTracedN, n));
  CUDALAB_RETURN_IF_ERROR(check_tile(device, tile));
  const SharedTileKernels& kernels = *shared_tile_kernels(tile);
  TracedTilesRun run;
  run.n = n;
  run.tile = tile;
  run.barriers = barriers;
  const unsigned edge = static_cast<unsigned>(tile);
  const unsigned blocks = (static_cast<unsigned>(n) + edge - 1) / edge;
  run.config = {Dim3(blocks, blocks), Dim3(edge, edge)};
  CUDALAB_RETURN_IF_ERROR(validate_launch(run.config, device.facts()));
  run.a = random_matrix(n, 1);
  run.b = random_matrix(n, 2);

  const std::uint64_t steps = blocks;  // k-steps: one per tile along k, as many as tiles along a side
  const std::uint64_t capacity = run.config.total_threads() * (4 * steps + 1);
  matmul::TracedMatmulBuffers buffers;
  CUDALAB_RETURN_IF_ERROR(buffers.prepare(device, run.a, run.b, static_cast<std::uint32_t>(capacity)));
  if (barriers == Barriers::both)
    CUDALAB_RETURN_IF_ERROR(launch(device, *kernels.traced, run.config, buffers.a.data(), buffers.b.data(),
                                   buffers.c.data(), n, buffers.trace.handle()));
  else
    CUDALAB_RETURN_IF_ERROR(launch(device, *kernels.skipping_barrier, run.config, buffers.a.data(), buffers.b.data(),
                                   buffers.c.data(), n, static_cast<int>(barriers), buffers.trace.handle()));
  CUDALAB_RETURN_IF_ERROR(buffers.finish(device, &run.c, &run.trace));
  *out = std::move(run);
  return Status::success();
}

std::vector<std::vector<StepRecord>> step_records(const std::vector<TraceEvent>& trace, std::uint32_t blocks, int steps) {
  std::vector<std::vector<StepRecord>> records(blocks, std::vector<StepRecord>(std::max(steps, 0)));
  // Positions in the trace (its order) of each block's first and last copy per step.
  constexpr std::size_t kNone = SIZE_MAX;
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> copies(
      blocks, std::vector<std::pair<std::size_t, std::size_t>>(std::max(steps, 0), {kNone, 0}));
  for (std::size_t position = 0; position < trace.size(); ++position) {
    const TraceEvent& e = trace[position];
    const int step = e.payload[0];
    if (e.block >= blocks || step < 0 || step >= steps) continue;
    if (e.kind == kTileLoadA || e.kind == kTileLoadB) {
      StepRecord& record = records[e.block][step];
      (e.payload[3] ? record.loads : record.padded) += 1;
      auto& [first, last] = copies[e.block][step];
      first = std::min(first, position);
      last = std::max(last, position);
    }
  }
  for (std::size_t position = 0; position < trace.size(); ++position) {
    const TraceEvent& e = trace[position];
    const int step = e.payload[0];
    if (e.block >= blocks || step < 0 || step >= steps) continue;
    if (e.kind == kMultiplyStarted && position < copies[e.block][step].second) ++records[e.block][step].early_starts;
    if (e.kind == kMultiplyEnded && step + 1 < steps && copies[e.block][step + 1].first != kNone &&
        position > copies[e.block][step + 1].first)
      ++records[e.block][step].late_finishes;
  }
  return records;
}

std::vector<int> wrong_elements(const Matrix& c, const Reference& reference) {
  double largest = 1;
  for (double v : reference.values) largest = std::max(largest, std::abs(v));
  std::vector<int> wrong;
  const int n = reference.n;
  for (std::size_t r = 0; r < reference.rows.size(); ++r)
    for (int col = 0; col < n; ++col) {
      const std::size_t index = std::size_t(reference.rows[r]) * n + col;
      const double error = std::abs(double(c[index]) - reference.values[r * n + col]);
      if (!(error <= 1e-4 * largest)) wrong.push_back(static_cast<int>(index));
    }
  return wrong;
}

}  // namespace cudalab::lessons::tiles
