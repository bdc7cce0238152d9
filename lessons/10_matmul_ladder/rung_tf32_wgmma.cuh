// Rung 8 of the matmul ladder: Hopper's warp-group MMA (wgmma) fed by bulk tensor copies (TMA),
// in TF32. C (m × n) = A (m × k) · B (k × n), row-major, as on every rung.
//
// Rung 7 spent its threads on moving data: every lane issued cp.async copies, ldmatrix loads and
// 16 × 8 × 8 MMAs whose operands had to pass through its registers. Compute capability 9.0 moves
// that work into hardware:
//
// 1. TMA. One thread asks the copy engine for a whole tile (cp.async.bulk.tensor): A's BM × 32 and
//    Bᵀ's BN × 32, described once by a tensor map the host made (Device::encode_tensor_map). The
//    engine writes the tile into shared memory in the 128-byte swizzled layout the MMA reads, fills
//    what lies past the matrix's edges with zeros (no edge code at all), and counts the bytes
//    against a barrier in shared memory (mbarrier) that the consumers wait on.
// 2. wgmma. Four warps together (a warp group) issue one asynchronous MMA of 64 × N × 8 whose A and
//    B the tensor cores read straight from shared memory through 64-bit descriptors; only the sums
//    live in registers (N / 2 per thread). Nothing is loaded into registers to be multiplied.
// 3. Warp specialisation. The block is BM / 64 consumer warp groups and one producer warp group of
//    which one thread issues the copies. STAGES buffers of (A's tile, Bᵀ's tile) form a ring: a
//    "full" barrier per buffer says its copy landed, an "empty" one that both consumers are done
//    with it. The producer runs up to STAGES tiles ahead.
// 4. Blocks renumbered GROUP block-rows at a time (grouped_blocks.cuh), as on rungs 5 and 7.
//
// TF32 wgmma reads both operands "K-major" (consecutive k adjacent in memory). A row-major A is;
// B is not, so the host first writes Bᵀ (n × k) with tf32_operand_bt_kernel below, and, with
// rounding on, A rounded (tf32_operand_a_kernel). These passes read and write each input once:
// on an H100 a third of the multiply's time at n = 4096 and a fifth at 8192 (measured before the
// pass over A went four floats at a time), and they are part of every time the ladder shows. The rounding is cvt.rna's (to nearest, ties away from zero), which
// the Programming Guide asks of TF32 inputs; without it the tensor cores were seen to truncate
// (about 2.5 times the error).
//
// Only sm_90a has wgmma (an architecture-specific feature: this unit is also compiled for sm_90a).
// Everywhere else the body is empty and the host refuses the rung in words before launching it.
// TensorMap comes from cudalab/tensor_map.h, which kernels.h includes.

#include "grouped_blocks.cuh"

// Rounds x to TF32 as cvt.rna.tf32.f32 does: the 13 low bits of the significand to nearest, ties
// away from zero. Infinities and NaN stay as they are. Plain integer arithmetic, so the operand
// passes run on the emulator too.
__device__ inline float round_to_tf32(float x) {
  const unsigned bits = __float_as_uint(x);
  if ((bits & 0x7f800000u) == 0x7f800000u) return x;
  return __uint_as_float((bits + 0x1000u) & 0xffffe000u);
}

// out (rows × kp) = a (rows × k), zeros in columns k … kp − 1, each value rounded when `round`.
// A block of 256 threads covers 1024 columns of a row, four per thread: one 128-bit load and store
// when the rows need no padding (kp == k: every row starts on a 16-byte boundary, as the matrix does),
// else one value at a time. Rows go by blockIdx.y, gridDim.y apart (a grid has at most 65535 rows).
// No division per element: with one it was not memory that limited this pass.
__global__ void tf32_operand_a_kernel(const float* a, float* out, int rows, int k, int kp, int round) {
  const int col = (blockIdx.x * blockDim.x + threadIdx.x) * 4;
  if (col >= kp) return;
  for (int row = blockIdx.y; row < rows; row += gridDim.y) {
    const float* from = a + static_cast<long long>(row) * k;
    float* to = out + static_cast<long long>(row) * kp;
    if (kp == k && col + 3 < k) {
      float4 four = *reinterpret_cast<const float4*>(from + col);
      if (round) four = make_float4(round_to_tf32(four.x), round_to_tf32(four.y), round_to_tf32(four.z), round_to_tf32(four.w));
      *reinterpret_cast<float4*>(to + col) = four;
      continue;
    }
    for (int c = col; c < col + 4 && c < kp; ++c) {
      const float value = c < k ? from[c] : 0.0f;
      to[c] = round ? round_to_tf32(value) : value;
    }
  }
}

// bt (n × kp) = Bᵀ for b (k × n), zeros in columns k … kp − 1: 32 × 32 tiles through shared memory
// (padded, chapter 7's transpose), 32 × 8 threads per block.
__global__ void tf32_operand_bt_kernel(const float* b, float* bt, int k, int n, int kp, int round) {
  __shared__ float tile[32][33];
  const int col = blockIdx.x * 32 + threadIdx.x, first_row = blockIdx.y * 32;
  for (int r = threadIdx.y; r < 32; r += 8) {
    const int row = first_row + r;
    const float value = row < k && col < n ? b[static_cast<long long>(row) * n + col] : 0.0f;
    tile[r][threadIdx.x] = round ? round_to_tf32(value) : value;
  }
  __syncthreads();
  const int out_col = first_row + threadIdx.x;  // along k
  for (int r = threadIdx.y; r < 32; r += 8) {
    const int out_row = blockIdx.x * 32 + r;  // along n
    if (out_row < n && out_col < kp) bt[static_cast<long long>(out_row) * kp + out_col] = tile[threadIdx.x][r];
  }
}

#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
#include "wgmma_tf32.cuh"

__device__ __forceinline__ unsigned wgmma_shared_address(const void* p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}
__device__ __forceinline__ void wgmma_barrier_init(unsigned long long* barrier, unsigned arrivals) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;\n" ::"r"(wgmma_shared_address(barrier)), "r"(arrivals));
}
// The producer's arrival: the phase completes when `bytes` more have landed too.
__device__ __forceinline__ void wgmma_barrier_expect(unsigned long long* barrier, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;\n" ::"r"(wgmma_shared_address(barrier)),
               "r"(bytes)
               : "memory");
}
__device__ __forceinline__ void wgmma_barrier_arrive(unsigned long long* barrier) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];\n" ::"r"(wgmma_shared_address(barrier)) : "memory");
}
// Waits until the barrier's phase of this parity has completed.
__device__ __forceinline__ void wgmma_barrier_wait(unsigned long long* barrier, unsigned parity) {
  unsigned done = 0;
  do {
    asm volatile(
        "{\n.reg .pred p;\nmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\nselp.u32 %0, 1, 0, p;\n}\n"
        : "=r"(done)
        : "r"(wgmma_shared_address(barrier)), "r"(parity)
        : "memory");
  } while (!done);
}
// One box of the tensor map, its top-left element at (row, col), into shared memory at `to`.
__device__ __forceinline__ void wgmma_tile_copy(float* to, const TensorMap* map, unsigned long long* barrier, int row,
                                                int col) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];\n" ::"r"(
          wgmma_shared_address(to)),
      "l"(map), "r"(col), "r"(row), "r"(wgmma_shared_address(barrier))
      : "memory");
}
// A descriptor of a K-major operand in the 128-byte swizzle: 8-row groups of 128 bytes each,
// 1024 bytes apart (the stride field); the leading field is unused in this layout (1).
__device__ __forceinline__ unsigned long long wgmma_descriptor(const float* p) {
  const unsigned long long address = wgmma_shared_address(p);
  return ((address & 0x3FFFF) >> 4) | (1ull << 16) | ((1024ull >> 4) << 32) | (1ull << 62);
}
#endif

template <int BM, int BN, int STAGES, int GROUP>
__global__ void __launch_bounds__((BM / 64 + 1) * 128, 1)
    mat_mul_tf32_wgmma_kernel(const __grid_constant__ TensorMap a_map, const __grid_constant__ TensorMap bt_map, float* c,
                              int m, int n, int k) {
#if defined(__CUDA_ARCH_FEAT_SM90_ALL)
  constexpr int kBK = 32;  // 32 floats: one 128-byte swizzled row of a tile
  constexpr int kConsumers = BM / 64;
  constexpr int kTileA = BM * kBK, kTileB = BN * kBK;  // floats
  static_assert(BM % 64 == 0 && (BN == 128 || BN == 256), "64-row warp groups; the wgmma shapes of wgmma_tf32.cuh");
  // kernels.h's tf32_wgmma_shared_bytes: the buffers on a 1024-byte boundary (the swizzle's period), then the barriers.
  extern __shared__ __align__(16) unsigned char wgmma_shared[];  // the GPU-only body: no emulator binding
  float* tiles = reinterpret_cast<float*>((reinterpret_cast<unsigned long long>(wgmma_shared) + 1023) & ~1023ull);
  float* tiles_a = tiles;                      // STAGES × BM × 32
  float* tiles_b = tiles + STAGES * kTileA;    // STAGES × BN × 32 (rows of Bᵀ)
  auto* full = reinterpret_cast<unsigned long long*>(tiles_b + STAGES * kTileB);
  unsigned long long* empty = full + STAGES;
  const int group = threadIdx.x / 128, thread = threadIdx.x % 128;
  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) {
      wgmma_barrier_init(&full[s], 1);
      wgmma_barrier_init(&empty[s], kConsumers);
    }
    asm volatile("fence.mbarrier_init.release.cluster;\n" ::: "memory");  // visible to the copy engine
  }
  __syncthreads();

  int block_m, block_n;
  grouped_block<GROUP>(&block_m, &block_n);
  const int tiles_k = (k + kBK - 1) / kBK;

  if (group == kConsumers) {  // the producer: one thread keeps the ring full
    if (thread == 0) {
      for (int t = 0; t < tiles_k; ++t) {
        const int s = t % STAGES;
        if (t >= STAGES) wgmma_barrier_wait(&empty[s], (t / STAGES - 1) & 1);  // its last tile was used up
        wgmma_barrier_expect(&full[s], (kTileA + kTileB) * sizeof(float));
        wgmma_tile_copy(&tiles_a[s * kTileA], &a_map, &full[s], block_m * BM, t * kBK);
        wgmma_tile_copy(&tiles_b[s * kTileB], &bt_map, &full[s], block_n * BN, t * kBK);
      }
    }
    return;
  }

  float sums[BN / 2];
#pragma unroll
  for (int i = 0; i < BN / 2; ++i) sums[i] = 0.0f;
  for (int t = 0; t < tiles_k; ++t) {
    const int s = t % STAGES;
    wgmma_barrier_wait(&full[s], (t / STAGES) & 1);
    const float* a = &tiles_a[s * kTileA + group * 64 * kBK];  // this warp group's 64 rows
    const float* b = &tiles_b[s * kTileB];
    asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
#pragma unroll
    for (int kk = 0; kk < kBK; kk += 8) {  // within a swizzled row, k moves by 32 bytes
      if constexpr (BN == 256) {
        wgmma_m64n256k8_tf32(sums, wgmma_descriptor(a + kk), wgmma_descriptor(b + kk));
      } else {
        wgmma_m64n128k8_tf32(sums, wgmma_descriptor(a + kk), wgmma_descriptor(b + kk));
      }
    }
    asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
    asm volatile("wgmma.wait_group.sync.aligned 0;\n" ::: "memory");
    if (thread == 0) wgmma_barrier_arrive(&empty[s]);  // this warp group is done with buffer s
  }

  // The sums: warp w of the group holds rows 16w … 16w + 15; per 8 columns j, lane (g, q) holds
  // (g, 2q), (g, 2q + 1), (g + 8, 2q), (g + 8, 2q + 1) — the layout of mma.sync's m16n8 results.
  const int warp = thread / 32, lane = thread % 32;
  const int first_row = block_m * BM + group * 64 + warp * 16 + lane / 4;
  const int first_col = block_n * BN + 2 * (lane % 4);
#pragma unroll
  for (int j = 0; j < BN / 8; ++j) {
    const int col = first_col + 8 * j;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const int row = first_row + 8 * h;
      if (row >= m) continue;
      const float first = sums[4 * j + 2 * h], second = sums[4 * j + 2 * h + 1];
      if (col + 1 < n && n % 2 == 0) {
        *reinterpret_cast<float2*>(&c[static_cast<long long>(row) * n + col]) = make_float2(first, second);
      } else {
        if (col < n) c[static_cast<long long>(row) * n + col] = first;
        if (col + 1 < n) c[static_cast<long long>(row) * n + col + 1] = second;
      }
    }
  }
#else
  (void)a_map, (void)bt_map, (void)c, (void)m, (void)n, (void)k;
#endif
}
