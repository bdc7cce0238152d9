#pragma once
// Who computes which element of C, for the chapter's pictures. The FP32 rungs are traced: the
// same kernel source runs on the CPU emulator at a small size with stored_value() storing, in each
// element of C, the number of the thread that computed it (who_writes.cuh). The TF32 rung's
// tensor-core instructions do not run there; its picture is a model of the warp tiles, and says so.
#include <string>
#include <vector>

#include "ladder.h"

namespace cudalab::lessons::ladder {

struct Writers {
  int m = 0, n = 0;                 // the traced C is m × n
  unsigned threads_per_block = 0;   // the launch the numbers come from
  unsigned grid_x = 0;              // blocks along n
  bool traced = false;              // true: a real run on the emulator; false: the model (warps only)
  std::vector<int> thread;          // per element, row-major: the writer's number in the grid; -1: none
  // The writer of C(row, col) as block, thread in block, warp and lane (-1 when none).
  struct Writer { int block_x = -1, block_y = -1, thread = -1, warp = -1, lane = -1; };
  Writer at(int row, int col) const;
};

// The trace on a fresh emulator device (the step's device may be a GPU). m × n must stay small:
// every element is checked for a writer.
Status trace_writers(const LadderKernel& kernel, int m, int n, int k, Writers* out);
// The TF32 rung's model: which warp owns which WM × WN piece of each block's tile (as
// rung_tf32_wmma.cuh numbers its warps); lanes are not known (WMMA does not say which lane holds
// which element), so every element names its warp's lane 0. Rung 8's wgmma layout is documented
// to the lane, so there each element names the thread that holds its sum.
Writers model_warp_tiles(const LadderKernel& kernel, int m, int n);

}  // namespace cudalab::lessons::ladder
