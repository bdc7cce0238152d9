// Rung 1 of the matmul ladder: 1D register tiling. C = A × B with A of m × k, B of k × n and C of
// m × n floats, all row-major (element (row, col) of A is a[row * k + col]).
//
// Chapter 6's shared-tile kernel does one multiply-add per two reads of shared memory: shared
// memory, not arithmetic, sets its pace. Here each thread computes TM results of one column of
// C. At each k it reads the element of B once into a register and uses it TM times, so a shared
// read now feeds TM multiply-adds from A's column plus one.
//
// A block of BM × BN / TM threads computes a BM × BN tile of C, walking along k in steps of BK.
// Sizes need not be multiples of the tiles: slots past the edge of A or B are filled with zeros
// (they add nothing), and only results inside C are written.
#include "who_writes.cuh"

template <int BM, int BN, int BK, int TM>
__global__ void __launch_bounds__(BM * BN / TM)
    mat_mul_1d_tiling_kernel(const float* a, const float* b, float* c, int m, int n, int k) {
  constexpr int kThreads = BM * BN / TM;
  __shared__ float tile_a[BM][BK];
  __shared__ float tile_b[BK][BN];
  const int block_row = blockIdx.y * BM;  // the tile of C this block computes starts here
  const int block_col = blockIdx.x * BN;
  const int thread_col = threadIdx.x % BN;  // this thread's column of the tile
  const int thread_row = threadIdx.x / BN;  // and its TM rows: thread_row * TM ... + TM - 1

  float sums[TM] = {};
  for (int step = 0; step < k; step += BK) {
    // Every thread copies a few elements of each tile, neighbouring threads neighbouring elements.
    for (int i = threadIdx.x; i < BM * BK; i += kThreads) {
      const int row = i / BK, col = i % BK;
      const bool inside = block_row + row < m && step + col < k;
      tile_a[row][col] = inside ? a[(block_row + row) * k + step + col] : 0.0f;
    }
    for (int i = threadIdx.x; i < BK * BN; i += kThreads) {
      const int row = i / BN, col = i % BN;
      const bool inside = step + row < k && block_col + col < n;
      tile_b[row][col] = inside ? b[(step + row) * n + block_col + col] : 0.0f;
    }
    __syncthreads();  // the tiles are complete before anyone reads them

    for (int kk = 0; kk < BK; ++kk) {
      const float b_value = tile_b[kk][thread_col];  // read once, used TM times
      for (int t = 0; t < TM; ++t) sums[t] += tile_a[thread_row * TM + t][kk] * b_value;
    }
    __syncthreads();  // everyone is done with the tiles before the next step overwrites them
  }
  for (int t = 0; t < TM; ++t) {
    const int row = block_row + thread_row * TM + t;
    const int col = block_col + thread_col;
    if (row < m && col < n) c[row * n + col] = stored_value(sums[t]);
  }
}
