#pragma once
// Which tile of C a block computes when the blocks are renumbered GROUP block-rows at a time
// (rungs 5, 7 and 8): consecutive blocks walk down GROUP block-rows of one block-column before
// moving one block-column right, so the blocks resident at one time read fewer distinct tiles of A
// and B, and more of their reads hit in L2. GROUP 1 keeps CUDA's order (blockIdx.y, blockIdx.x).
template <int GROUP>
__device__ inline void grouped_block(int* block_m, int* block_n) {
  *block_m = blockIdx.y;
  *block_n = blockIdx.x;
  if (GROUP > 1) {
    const int id = blockIdx.y * gridDim.x + blockIdx.x;
    const int per_group = GROUP * gridDim.x;
    const int first_m = (id / per_group) * GROUP;
    const int rows = int(gridDim.y) - first_m < GROUP ? int(gridDim.y) - first_m : GROUP;
    *block_m = first_m + (id % per_group) % rows;
    *block_n = (id % per_group) / rows;
  }
}
