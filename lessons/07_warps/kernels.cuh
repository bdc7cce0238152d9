// Chapter 7: warps. A block's threads run in warps of 32 (warpSize): threads 0-31 are warp 0,
// 32-63 warp 1, and so on (x fastest in a 2D block). Four experiments: divergence, a reduction
// rung by rung, shared-memory bank conflicts, and atomics.
// trace: Each kernel takes a recorder, `trace`, last (hidden in the Code tab, like every line
// trace: marked so). Timed runs pass one that records nothing.
#include <cudalab/trace.cuh>

#include "trace_kinds.h"

// ---- 1. Divergence ---------------------------------------------------------------------------
// Two kinds of work of the same cost. Which one an element gets is decided per thread below.
__host__ __device__ inline float work_a(float x, int rounds) {
  for (int r = 0; r < rounds; ++r) x = x * 0.999f + 0.002f;
  return x;
}
__host__ __device__ inline float work_b(float x, int rounds) {
  for (int r = 0; r < rounds; ++r) x = x * 1.001f - 0.001f;
  return x;
}

// Threads with threadIdx.x % k == 0 take branch A, the others branch B. For k = 1 every thread
// takes A; for 2 <= k <= 32 every warp holds lanes of both, so it runs both branches in turn,
// each with part of its lanes switched off. __activemask() tells which lanes are there.
__global__ void branch_on_lane(int n, int k, const float* x, float* y, int rounds, cudalab::Trace trace) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if (threadIdx.x % k == 0) {
      unsigned lanes = __activemask();  // the lanes of this warp running branch A with this one
      trace.record(kTookBranchA, int(lanes));
      y[i] = work_a(x[i], rounds);
    } else {
      unsigned lanes = __activemask();  // the lanes of this warp running branch B with this one
      trace.record(kTookBranchB, int(lanes));
      y[i] = work_b(x[i], rounds);
    }
  }
}

// The same split by warp: all 32 threads of a warp agree, so each warp runs one branch only.
__global__ void branch_on_warp(int n, const float* x, float* y, int rounds, cudalab::Trace trace) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    if ((threadIdx.x / warpSize) % 2 == 0) {
      unsigned lanes = __activemask();  // the lanes of this warp running branch A with this one
      trace.record(kTookBranchA, int(lanes));
      y[i] = work_a(x[i], rounds);
    } else {
      unsigned lanes = __activemask();  // the lanes of this warp running branch B with this one
      trace.record(kTookBranchB, int(lanes));
      y[i] = work_b(x[i], rounds);
    }
  }
}

// ---- 2. Reduction, rung by rung ----------------------------------------------------------------
// Each kernel sums `n` unsigned ints. Launch with kReduceThreads threads per block. Rungs 1-4
// write one sum per block into block_sums; rung 5 adds it to *total itself.
constexpr int kReduceThreads = 256;

// Rung 1, interleaved addressing: at stride s, threads whose index is a multiple of 2s add. The
// adders are scattered over the warps, a few lanes in each, so the warps diverge at every step.
__global__ void reduce_interleaved(unsigned int n, const unsigned int* in, unsigned int* block_sums, cudalab::Trace trace) {
  __shared__ unsigned int partial[kReduceThreads];
  int barriers = 0;  // trace
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[tid] = i < n ? in[i] : 0;
  __syncthreads();
  ++barriers;  // trace
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) {
      partial[tid] += partial[tid + s];
      trace.record(kSharedAdd, int(s));
    }
    __syncthreads();
    ++barriers;  // trace
  }
  if (tid % warpSize == 0) trace.record(kWarpCounts, barriers, 0);
  if (tid == 0) block_sums[blockIdx.x] = partial[0];
}

// Rung 2, sequential addressing: at stride s the first s threads add. The adders are whole warps
// until s < 32, so only the last five steps diverge.
__global__ void reduce_sequential(unsigned int n, const unsigned int* in, unsigned int* block_sums, cudalab::Trace trace) {
  __shared__ unsigned int partial[kReduceThreads];
  int barriers = 0;  // trace
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[tid] = i < n ? in[i] : 0;
  __syncthreads();
  ++barriers;  // trace
  for (unsigned int s = blockDim.x / 2; s > 0; s /= 2) {
    if (tid < s) {
      partial[tid] += partial[tid + s];
      trace.record(kSharedAdd, int(s));
    }
    __syncthreads();
    ++barriers;  // trace
  }
  if (tid % warpSize == 0) trace.record(kWarpCounts, barriers, 0);
  if (tid == 0) block_sums[blockIdx.x] = partial[0];
}

// Rung 3, first add during load: each thread adds two elements while loading, so half as many
// blocks do the same work. Launch with (n + 2 * kReduceThreads - 1) / (2 * kReduceThreads) blocks.
__global__ void reduce_first_add(unsigned int n, const unsigned int* in, unsigned int* block_sums, cudalab::Trace trace) {
  __shared__ unsigned int partial[kReduceThreads];
  int barriers = 0;  // trace
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  unsigned int sum = i < n ? in[i] : 0;
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  partial[tid] = sum;
  __syncthreads();
  ++barriers;  // trace
  for (unsigned int s = blockDim.x / 2; s > 0; s /= 2) {
    if (tid < s) {
      partial[tid] += partial[tid + s];
      trace.record(kSharedAdd, int(s));
    }
    __syncthreads();
    ++barriers;  // trace
  }
  if (tid % warpSize == 0) trace.record(kWarpCounts, barriers, 0);
  if (tid == 0) block_sums[blockIdx.x] = partial[0];
}

// Rung 4, warp shuffles for the last 32: the tree in shared memory stops at 64 partial sums;
// warp 0 adds them pairwise and finishes with shuffles. Needs blockDim.x >= 64.
__global__ void reduce_warp_shuffle(unsigned int n, const unsigned int* in, unsigned int* block_sums, cudalab::Trace trace) {
  __shared__ unsigned int partial[kReduceThreads];
  int barriers = 0, shuffles = 0;  // trace
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  unsigned int sum = i < n ? in[i] : 0;
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  partial[tid] = sum;
  __syncthreads();
  ++barriers;  // trace
  for (unsigned int s = blockDim.x / 2; s > 32; s /= 2) {
    if (tid < s) {
      partial[tid] += partial[tid + s];
      trace.record(kSharedAdd, int(s));
    }
    __syncthreads();
    ++barriers;  // trace
  }
  if (tid < 32) {
    // The last 64 partial sums, inside warp 0: each __shfl_down_sync hands every lane the value of
    // the lane `offset` above it; no shared memory, no __syncthreads(). The full mask 0xffffffff
    // says all 32 lanes take part, and all of them reach this call.
    sum = partial[tid] + partial[tid + 32];
    for (int offset = warpSize / 2; offset > 0; offset /= 2) {
      sum += __shfl_down_sync(0xffffffffu, sum, offset);
      ++shuffles;  // trace
      trace.record(kShuffleAdd, offset);
    }
    if (tid == 0) block_sums[blockIdx.x] = sum;
  }
  if (tid % warpSize == 0) trace.record(kWarpCounts, barriers, shuffles);
}

// Rung 5, one atomic per block: rung 4, and thread 0 adds the block's sum straight into *total,
// so no second pass (and no host loop) is needed. *total must start at 0.
__global__ void reduce_atomic(unsigned int n, const unsigned int* in, unsigned int* total, cudalab::Trace trace) {
  __shared__ unsigned int partial[kReduceThreads];
  int barriers = 0, shuffles = 0;  // trace
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
  unsigned int sum = i < n ? in[i] : 0;
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  partial[tid] = sum;
  __syncthreads();
  ++barriers;  // trace
  for (unsigned int s = blockDim.x / 2; s > 32; s /= 2) {
    if (tid < s) {
      partial[tid] += partial[tid + s];
      trace.record(kSharedAdd, int(s));
    }
    __syncthreads();
    ++barriers;  // trace
  }
  if (tid < 32) {
    // The last 64 partial sums, inside warp 0: each __shfl_down_sync hands every lane the value of
    // the lane `offset` above it; no shared memory, no __syncthreads(). The full mask 0xffffffff
    // says all 32 lanes take part, and all of them reach this call.
    sum = partial[tid] + partial[tid + 32];
    for (int offset = warpSize / 2; offset > 0; offset /= 2) {
      sum += __shfl_down_sync(0xffffffffu, sum, offset);
      ++shuffles;  // trace
      trace.record(kShuffleAdd, offset);
    }
    if (tid == 0) atomicAdd(total, sum);
  }
  if (tid % warpSize == 0) trace.record(kWarpCounts, barriers, shuffles);
}

// ---- 3. Shared-memory bank conflicts -----------------------------------------------------------
// Shared memory is split into 32 banks, 4 bytes wide: the word at byte address a lives in bank
// (a / 4) % 32. The lanes of a warp that hit different words of one bank are served one after
// another. Both kernels transpose an n x n matrix through a 32 x 32 tile; launch with 32 x 32
// threads per block and (n + 31) / 32 x (n + 31) / 32 blocks.
constexpr int kTile = 32;

// The tile without padding: the store (row threadIdx.y, column threadIdx.x) is conflict-free,
// but the load reads a column: 32 lanes, 32 words 128 bytes apart, all in one bank.
__global__ void transpose_unpadded(int n, const float* in, float* out, cudalab::Trace trace) {
  __shared__ float tile[kTile][kTile];
  int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  trace.record(kTileStore, int((char*)&tile[threadIdx.y][threadIdx.x] - (char*)&tile[0][0]));
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];
  trace.record(kTileLoad, int((char*)&tile[threadIdx.x][threadIdx.y] - (char*)&tile[0][0]));
}

// One unused column of padding: a row is 33 words, so going down a column moves one bank each
// row, and the 32 lanes reading a column hit 32 different banks.
__global__ void transpose_padded(int n, const float* in, float* out, cudalab::Trace trace) {
  __shared__ float tile[kTile][kTile + 1];
  int x = blockIdx.x * kTile + threadIdx.x, y = blockIdx.y * kTile + threadIdx.y;
  if (x < n && y < n) tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  trace.record(kTileStore, int((char*)&tile[threadIdx.y][threadIdx.x] - (char*)&tile[0][0]));
  __syncthreads();
  x = blockIdx.y * kTile + threadIdx.x;
  y = blockIdx.x * kTile + threadIdx.y;
  if (x < n && y < n) out[y * n + x] = tile[threadIdx.x][threadIdx.y];
  trace.record(kTileLoad, int((char*)&tile[threadIdx.x][threadIdx.y] - (char*)&tile[0][0]));
}

// ---- 4. Atomics: a histogram of bytes ------------------------------------------------------------
constexpr int kBins = 256;

// Every element is one atomicAdd on a global counter: when many threads hit the same bin at once,
// their adds to that address are done one after another.
__global__ void histogram_global(int n, const unsigned char* data, unsigned int* bins, cudalab::Trace trace) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&bins[data[i]], 1u);
}

// Privatized bins: each block counts into its own 256 bins in shared memory (atomics there are
// cheaper, and only this block's threads contend), then adds each non-zero bin to global memory
// once. bins must start at 0.
__global__ void histogram_shared(int n, const unsigned char* data, unsigned int* bins, cudalab::Trace trace) {
  __shared__ unsigned int local[kBins];
  for (int b = threadIdx.x; b < kBins; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < kBins; b += blockDim.x)
    if (local[b] > 0) {
      atomicAdd(&bins[b], local[b]);
      trace.record(kBinFlushed, b, int(local[b]));
    }
}
