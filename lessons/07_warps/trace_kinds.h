#pragma once
// What chapter 7's kernels record in the trace buffer (the `kind` of each event). Shared by the
// kernel file and the host code that reads the events back.
namespace cudalab::lessons::warps {

enum WarpsTraceKind : unsigned {
  kTookBranchA = 1,   // divergence: a lane took the first branch (payload: __activemask() there)
  kTookBranchB = 2,   // divergence: a lane took the second branch (payload: __activemask() there)
  kSharedAdd = 3,     // reduction: a lane added in shared memory (payload: the stride s)
  kWarpCounts = 4,    // reduction: lane 0 of each warp at the end (payload: barriers passed, shuffles done)
  kTileStore = 5,     // transpose: a lane stored into the tile (payload: byte offset from tile[0][0])
  kTileLoad = 6,      // transpose: a lane loaded from the tile (payload: byte offset from tile[0][0])
  kBinFlushed = 7,    // histogram: a block added one of its bins to global memory (payload: bin, count)
  kShuffleAdd = 8,    // reduction: a lane of warp 0 added a shuffled value (payload: the offset)
};

}  // namespace cudalab::lessons::warps
