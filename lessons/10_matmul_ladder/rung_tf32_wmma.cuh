// Rung 6 of the matmul ladder: tensor cores, in TF32. Same layout as rung 1 (row-major A: m × k,
// B: k × n, C: m × n).
//
// Since Volta an SM has tensor cores: units that multiply whole small matrices in one
// instruction (half-precision inputs on Volta and Turing; TF32 too since Ampere, compute
// capability 8.0). A warp hands them fragments — here 16 × 8 of A and 8 × 16 of B —
// and gets back a 16 × 16 block of sums (nvcuda::wmma, "warp matrix multiply-accumulate", shape
// m16n16k8). For FP32 data they work in TF32: each input keeps 10 of its 23 mantissa bits (the
// sums stay FP32), so results differ from FP32's by about 1e-3 relative, not 1e-6. That is the
// trade: several times the FP32 speed, fewer correct digits.
//
// The block's tiles go through shared memory as in the earlier rungs; each warp owns a WM × WN
// piece of the block's tile, (WM / 16) × (WN / 16) accumulator fragments. With STAGES = 2 the
// tiles are double-buffered as in rung 5, but the copy of step s + 1 goes straight from global to
// shared memory (cp.async, compute capability 8.0 and newer) without passing through registers,
// while the tensor cores work on step s. ROUND rounds each input to TF32 (__float_to_tf32) before
// the multiply, as the Programming Guide asks of TF32 inputs. Without it the FP32 bits go in as
// they are: what the tensor cores make of them is not specified (on sm_80 and sm_90 they were seen
// to truncate to TF32, about twice the error of rounding, a few instructions fewer per fragment).
//
// The CPU emulator has no tensor cores and does not imitate a warp's fragments: there this
// kernel's body is empty, and the host code says in words that the rung needs a GPU of compute
// capability 8.0 or newer (so does a build for sm_75).
#include "cp_async.cuh"

template <int BM, int BN, int BK, int WM, int WN, int STAGES, bool ROUND>
__global__ void __launch_bounds__((BM / WM) * (BN / WN) * 32)
    mat_mul_tf32_wmma_kernel(const float* a, const float* b, float* c, int m, int n, int k) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  using namespace nvcuda;
  static_assert(STAGES == 1 || STAGES == 2, "one buffer, or two in turn");
  constexpr int kThreads = (BM / WM) * (BN / WN) * 32;
  constexpr int kFragmentsM = WM / 16, kFragmentsN = WN / 16;
  // Rows padded by 4 floats: fragment loads stay 32-byte aligned, and neighbouring rows start in
  // different shared-memory banks.
  constexpr int kLdA = BK + 4, kLdB = BN + 4;
  constexpr int kStageFloats = BM * kLdA + BK * kLdB;  // one buffer: A's tile, then B's
  static_assert(STAGES * kStageFloats >= (kThreads / 32) * 16 * 16, "room for the edge fragments");
  __shared__ __align__(128) float stages[STAGES * kStageFloats];

  const int block_row = blockIdx.y * BM;
  const int block_col = blockIdx.x * BN;
  const int warp = threadIdx.x / 32;
  const int warp_row = warp / (BN / WN);
  const int warp_col = warp % (BN / WN);

  // Starts copying the tiles of the step at `step` into buffer `stage`.
  auto copy_tiles = [&](int step, int stage) {
    float* tile_a = &stages[stage * kStageFloats];  // tile_a[row * kLdA + kk] = A[block_row + row][step + kk]
    float* tile_b = tile_a + BM * kLdA;             // tile_b[kk * kLdB + col] = B[step + kk][block_col + col]
    for (int i = threadIdx.x; i < BM * BK / 4; i += kThreads) {
      const int row = i / (BK / 4), col = (i % (BK / 4)) * 4;
      copy_four_async(&tile_a[row * kLdA + col], a, block_row + row, step + col, m, k);
    }
    for (int i = threadIdx.x; i < BK * BN / 4; i += kThreads) {
      const int row = i / (BN / 4), col = (i % (BN / 4)) * 4;
      copy_four_async(&tile_b[row * kLdB + col], b, step + row, block_col + col, k, n);
    }
    cp_async_commit();
  };

  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a_fragment;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b_fragment[kFragmentsN];
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> sums[kFragmentsM][kFragmentsN];
  for (int i = 0; i < kFragmentsM; ++i)
    for (int j = 0; j < kFragmentsN; ++j) wmma::fill_fragment(sums[i][j], 0.0f);

  copy_tiles(0, 0);
  int stage = 0;
  for (int step = 0; step < k; step += BK) {
    if (STAGES == 2 && step + BK < k) {
      copy_tiles(step + BK, stage ^ 1);  // in flight while this step multiplies
      cp_async_wait<1>();                // this step's tiles have landed; the next step's may not
    } else {
      cp_async_wait<0>();
    }
    __syncthreads();  // every thread's copies are complete before anyone reads them

    const float* tile_a = &stages[stage * kStageFloats];
    const float* tile_b = tile_a + BM * kLdA;
    for (int kk = 0; kk < BK; kk += 8) {
      for (int j = 0; j < kFragmentsN; ++j) {
        wmma::load_matrix_sync(b_fragment[j], &tile_b[kk * kLdB + warp_col * WN + j * 16], kLdB);
        if (ROUND)
          for (int e = 0; e < b_fragment[j].num_elements; ++e) b_fragment[j].x[e] = wmma::__float_to_tf32(b_fragment[j].x[e]);
      }
      for (int i = 0; i < kFragmentsM; ++i) {
        wmma::load_matrix_sync(a_fragment, &tile_a[(warp_row * WM + i * 16) * kLdA + kk], kLdA);
        if (ROUND)
          for (int e = 0; e < a_fragment.num_elements; ++e) a_fragment.x[e] = wmma::__float_to_tf32(a_fragment.x[e]);
        for (int j = 0; j < kFragmentsN; ++j) wmma::mma_sync(sums[i][j], a_fragment, b_fragment[j], sums[i][j]);
      }
    }
    __syncthreads();  // everyone is done with this buffer before it is filled again
    if (STAGES == 1 && step + BK < k) copy_tiles(step + BK, 0);
    if (STAGES == 2) stage ^= 1;
  }

  // C's edge: a fragment that does not fit goes through shared memory (the tile buffers, free now),
  // and only what is inside C is written.
  float* edge_tile = &stages[warp * 16 * 16];
  const int lane = threadIdx.x % 32;
  for (int i = 0; i < kFragmentsM; ++i)
    for (int j = 0; j < kFragmentsN; ++j) {
      const int row = block_row + warp_row * WM + i * 16;
      const int col = block_col + warp_col * WN + j * 16;
      if (row + 16 <= m && col + 16 <= n && n % 4 == 0) {
        wmma::store_matrix_sync(&c[row * n + col], sums[i][j], n, wmma::mem_row_major);
      } else {
        wmma::store_matrix_sync(edge_tile, sums[i][j], 16, wmma::mem_row_major);
        __syncwarp();
        for (int e = lane; e < 16 * 16; e += 32)
          if (row + e / 16 < m && col + e % 16 < n) c[(row + e / 16) * n + col + e % 16] = edge_tile[e];
        __syncwarp();
      }
    }
#else
  (void)a, (void)b, (void)c, (void)m, (void)n, (void)k;
#endif
}
