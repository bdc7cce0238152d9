// Asynchronous copies from global into shared memory (cp.async, compute capability 8.0 and newer)
// for the ladder's pipelined kernels: rung 5's pipeline, rungs 6 and 7. Below 8.0, and on the CPU
// emulator, the same calls are plain loads and stores, done when they are issued.
#pragma once
#include "float4_access.cuh"

// Starts copying the 4 floats of a rows × cols row-major matrix at (row, col) into `to` (16-byte
// aligned), zeros past the matrix. When cols is a multiple of 4, every group of four is wholly
// inside or wholly outside the matrix: one 16-byte cp.async, which writes zeros for a group
// outside (source size 0). Otherwise the rows are not 16-byte aligned: load_four's loads and a
// store. cp_async_wait (and a barrier, for the other threads' copies) makes the copy visible.
__device__ inline void copy_four_async(float* to, const float* matrix, int row, int col, int rows, int cols) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  if (cols % 4 == 0) {
    const bool inside = row < rows && col < cols;
    const unsigned shared = static_cast<unsigned>(__cvta_generic_to_shared(to));
    const float* from = inside ? &matrix[row * cols + col] : matrix;
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;\n" ::"r"(shared), "l"(from), "r"(inside ? 16 : 0));
    return;
  }
#endif
  *reinterpret_cast<float4*>(to) = load_four(matrix, row, col, rows, cols);
}

// Starts copying a ROWS × COLS tile of a rows × cols row-major matrix, from (first_row, first_col)
// on, into `tile` (row length ld floats, rows 16-byte aligned) as it lies: THREADS threads, each
// copying the same number of 4-float groups, neighbouring threads neighbouring groups of a row.
template <int ROWS, int COLS, int THREADS>
__device__ inline void copy_tile_async(float* tile, int ld, const float* matrix, int first_row, int first_col,
                                       int rows, int cols) {
  constexpr int kCopies = ROWS * COLS / 4 / THREADS;
  static_assert(kCopies * THREADS * 4 == ROWS * COLS, "every thread copies the same number of float4s");
#pragma unroll
  for (int j = 0; j < kCopies; ++j) {
    const int id = threadIdx.x + j * THREADS, r = id / (COLS / 4), col = (id % (COLS / 4)) * 4;
    copy_four_async(&tile[r * ld + col], matrix, first_row + r, first_col + col, rows, cols);
  }
}

// Starts copying one float of a rows × cols row-major matrix at (row, col) into `to`, zero past the
// matrix: a 4-byte cp.async (its source size 0 writes the zero). It lets a kernel transpose a tile
// on its way into shared memory, one float at a time, without passing it through registers.
__device__ inline void copy_one_async(float* to, const float* matrix, int row, int col, int rows, int cols) {
  const bool inside = row < rows && col < cols;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  const unsigned shared = static_cast<unsigned>(__cvta_generic_to_shared(to));
  const float* from = inside ? &matrix[row * cols + col] : matrix;
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;\n" ::"r"(shared), "l"(from), "r"(inside ? 4 : 0));
#else
  *to = inside ? matrix[row * cols + col] : 0.0f;
#endif
}

// Ends the group of copies issued so far by this thread.
__device__ inline void cp_async_commit() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.commit_group;\n" ::);
#endif
}

// Waits until all but the PENDING most recent groups of this thread's copies have landed.
template <int PENDING>
__device__ inline void cp_async_wait() {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm volatile("cp.async.wait_group %0;\n" ::"n"(PENDING));
#endif
}
