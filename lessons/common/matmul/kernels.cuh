// Chapters 5 and 6: matrix multiply, C = A × B, for n × n matrices of floats stored row by row
// (element (row, col) of A is a[row * n + col]). Every kernel here computes the same numbers.
// trace: Each kernel takes a recorder, `trace`, last (hidden in the Code tab, like every line
// trace: marked so). For the pictures the app passes one that writes down every memory access;
// trace: when it measures time, NoTrace (no_trace.h), which records nothing and compiles away.
// trace: So the kernel that is timed is the kernel you read.
#include <cudalab/trace.cuh>

#include "no_trace.h"
#include "trace_kinds.h"

// The naive kernel: one thread per element of C, reading A and B from global memory. Written as
// in the Numba CUDA tutorial the course follows: the row comes from the x index. The 32 threads of a warp have
// neighbouring x, so they work on neighbouring rows: at each k they read elements of A that are
// n floats apart, and write elements of C that are n floats apart.
template <class Trace>
__global__ void mat_mul_naive_kernel(const float* a, const float* b, float* c, int n, Trace trace) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  const int col = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) {
      sum += a[row * n + k] * b[k * n + col];
      trace.record(kReadA, row * n + k, k);
      trace.record(kReadB, k * n + col, k);
    }
    c[row * n + col] = sum;
    trace.record(kWroteC, row, col);
  }
}

// The same arithmetic with the column from the x index. Now the threads of a warp read
// neighbouring elements of B and write neighbouring elements of C (coalesced: one wide memory
// transaction serves many threads), and all of them read the same element of A.
template <class Trace>
__global__ void mat_mul_coalesced_kernel(const float* a, const float* b, float* c, int n, Trace trace) {
  const int row = blockIdx.y * blockDim.y + threadIdx.y;
  const int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < n && col < n) {
    float sum = 0.0f;
    for (int k = 0; k < n; ++k) {
      sum += a[row * n + k] * b[k * n + col];
      trace.record(kReadA, row * n + k, k);
      trace.record(kReadB, k * n + col, k);
    }
    c[row * n + col] = sum;
    trace.record(kWroteC, row, col);
  }
}

// Shared-memory tiles. Each block of TILE × TILE threads computes one TILE × TILE tile of C. It
// walks along k one tile at a time: every thread copies one element of A and one of B into
// shared memory, the block waits until the tiles are complete, multiplies them from shared
// memory, and waits again before the next step overwrites them. Each element of A and B is read
// from global memory n / TILE times instead of n times.
// n need not be a multiple of TILE: the guards fill the slots past the edge with zeros, which
// add nothing to the sums, and only threads inside the matrix write C.
template <int TILE, class Trace>
__global__ void mat_mul_shared_kernel(const float* a, const float* b, float* c, int n, Trace trace) {
  __shared__ float tile_a[TILE][TILE];
  __shared__ float tile_b[TILE][TILE];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;

  float sum = 0.0f;
  for (int step = 0; step < (n + TILE - 1) / TILE; ++step) {
    const int a_col = step * TILE + tx;  // this thread copies A[row][a_col]
    const int b_row = step * TILE + ty;  // and B[b_row][col]
    tile_a[ty][tx] = (row < n && a_col < n) ? a[row * n + a_col] : 0.0f;
    tile_b[ty][tx] = (b_row < n && col < n) ? b[b_row * n + col] : 0.0f;
    trace.record(kTileLoadA, step, row, a_col, row < n && a_col < n);
    trace.record(kTileLoadB, step, b_row, col, b_row < n && col < n);
    __syncthreads();  // barrier 1: both tiles are complete before anyone reads them

    trace.record(kMultiplyStarted, step);
    for (int k = 0; k < TILE; ++k) sum += tile_a[ty][k] * tile_b[k][tx];
    trace.record(kMultiplyEnded, step);
    __syncthreads();  // barrier 2: everyone is done with the tiles before the next step overwrites them
  }
  if (row < n && col < n) {
    c[row * n + col] = sum;
    trace.record(kWroteC, row, col);
  }
}

// A broken copy of mat_mul_shared_kernel, on purpose: it leaves out barrier 1 or barrier 2
// (skipped_barrier), to show what each one prevents. Without barrier 1, a thread may multiply
// tiles its neighbours have not finished copying; without barrier 2, a fast thread may overwrite
// a tile that slower threads are still reading. Never use it for anything else.
template <int TILE, class Trace>
__global__ void mat_mul_shared_kernel_skipping_barrier(const float* a, const float* b, float* c, int n,
                                                       int skipped_barrier, Trace trace) {
  __shared__ float tile_a[TILE][TILE];
  __shared__ float tile_b[TILE][TILE];
  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty;
  const int col = blockIdx.x * TILE + tx;

  float sum = 0.0f;
  for (int step = 0; step < (n + TILE - 1) / TILE; ++step) {
    const int a_col = step * TILE + tx;
    const int b_row = step * TILE + ty;
    tile_a[ty][tx] = (row < n && a_col < n) ? a[row * n + a_col] : 0.0f;
    tile_b[ty][tx] = (b_row < n && col < n) ? b[b_row * n + col] : 0.0f;
    trace.record(kTileLoadA, step, row, a_col, row < n && a_col < n);
    trace.record(kTileLoadB, step, b_row, col, b_row < n && col < n);
    if (skipped_barrier != 1) __syncthreads();  // barrier 1, unless skipped

    trace.record(kMultiplyStarted, step);
    for (int k = 0; k < TILE; ++k) sum += tile_a[ty][k] * tile_b[k][tx];
    trace.record(kMultiplyEnded, step);
    if (skipped_barrier != 2) __syncthreads();  // barrier 2, unless skipped
  }
  if (row < n && col < n) {
    c[row * n + col] = sum;
    trace.record(kWroteC, row, col);
  }
}
