#include "cpu_matmul.h"
#include "cpu_triple_loop.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>

namespace cudalab::lessons::matmul {
namespace {

// A block of B of kBlockK rows × kBlockJ columns (512 KiB of floats) is reused by every row of C
// a thread computes, so it should stay in the core's L2 cache; the four rows of C being updated
// (4 × 2 KiB) stay in L1.
constexpr int kBlockK = 256;
constexpr int kBlockJ = 512;
constexpr int kRowsAtOnce = 4;  // each element of B loaded is used for four rows of C

// c[i][j0..j1) += a[i][k0..k1) · b[k0..k1)[j0..j1) for rows [i0, i1). The innermost loop walks
// rows of B and C one element after the next: the compiler turns it into vector instructions.
// Acc is the type C is summed in (float for the optimized product, double for the reference).
template <class Acc>
[[gnu::always_inline]] inline void multiply_block(const float* a, const float* b, Acc* c, std::size_t n, int i0,
                                                  int i1, int k0, int k1, int j0, int j1) {
  const int width = j1 - j0;
  int i = i0;
  for (; i + kRowsAtOnce <= i1; i += kRowsAtOnce) {
    Acc* __restrict c0 = c + i * n + j0;
    Acc* __restrict c1 = c0 + n;
    Acc* __restrict c2 = c1 + n;
    Acc* __restrict c3 = c2 + n;
    for (int k = k0; k < k1; ++k) {
      const Acc a0 = a[i * n + k], a1 = a[(i + 1) * n + k], a2 = a[(i + 2) * n + k], a3 = a[(i + 3) * n + k];
      const float* __restrict b_row = b + k * n + j0;
      for (int j = 0; j < width; ++j) {
        const Acc bj = b_row[j];
        c0[j] += a0 * bj;
        c1[j] += a1 * bj;
        c2[j] += a2 * bj;
        c3[j] += a3 * bj;
      }
    }
  }
  for (; i < i1; ++i) {
    Acc* __restrict c_row = c + i * n + j0;
    for (int k = k0; k < k1; ++k) {
      const Acc a_ik = a[i * n + k];
      const float* __restrict b_row = b + k * n + j0;
      for (int j = 0; j < width; ++j) c_row[j] += a_ik * Acc(b_row[j]);
    }
  }
}

// One version per instruction set, picked when the program starts (the build targets a plain
// x86-64, which has only 4-float vectors; this machine may have 8 or 16).
[[gnu::target_clones("avx512f", "avx2", "default")]] void multiply_block_float(const float* a, const float* b,
                                                                               float* c, std::size_t n, int i0,
                                                                               int i1, int k0, int k1, int j0,
                                                                               int j1) {
  multiply_block<float>(a, b, c, n, i0, i1, k0, k1, j0, j1);
}
[[gnu::target_clones("avx512f", "avx2", "default")]] void multiply_block_double(const float* a, const float* b,
                                                                                double* c, std::size_t n, int i0,
                                                                                int i1, int k0, int k1, int j0,
                                                                                int j1) {
  multiply_block<double>(a, b, c, n, i0, i1, k0, k1, j0, j1);
}

// Rows [i0, i1) of C = A × B, block by block (C must start at zero). `rows_of_a` is A's row count
// here (a band of packed rows for the reference), `n` the shared dimension and B's width.
template <class Acc, class Block>
bool multiply_rows(const float* a, const float* b, Acc* c, std::size_t n, int i0, int i1, Block block,
                   const std::function<bool()>& keep_going) {
  const int size = static_cast<int>(n);
  for (int j0 = 0; j0 < size; j0 += kBlockJ) {
    for (int k0 = 0; k0 < size; k0 += kBlockK) {
      if (keep_going && !keep_going()) return false;
      block(a, b, c, n, i0, i1, k0, std::min(k0 + kBlockK, size), j0, std::min(j0 + kBlockJ, size));
    }
  }
  return true;
}

}  // namespace

void cpu_mat_mul(const float* a, const float* b, float* c, int n) { cpu_mat_mul_rows(a, b, c, n, 0, n); }

void cpu_mat_mul_rows(const float* a, const float* b, float* c, int n, int row_begin, int row_end) {
  triple_loop_rows(a, b, c, n, row_begin, row_end);
}

int cpu_cores() { return static_cast<int>(std::max(1u, std::thread::hardware_concurrency())); }

void parallel_bands(int count, int threads, const std::function<void(int begin, int end)>& body) {
  threads = std::clamp(threads, 1, std::max(count, 1));
  if (threads == 1) {
    body(0, count);
    return;
  }
  std::vector<std::thread> workers;
  workers.reserve(threads);
  for (int t = 0; t < threads; ++t) {
    const int begin = static_cast<int>(static_cast<long long>(count) * t / threads);
    const int end = static_cast<int>(static_cast<long long>(count) * (t + 1) / threads);
    workers.emplace_back([&body, begin, end] { body(begin, end); });
  }
  for (auto& worker : workers) worker.join();
}

void cpu_mat_mul_optimized(const float* a, const float* b, float* c, int n, int threads) {
  const std::size_t size = static_cast<std::size_t>(n);
  std::fill(c, c + size * size, 0.0f);
  // Bands of whole groups of four rows, so only the last band has a remainder.
  const int groups = (n + kRowsAtOnce - 1) / kRowsAtOnce;
  parallel_bands(groups, threads > 0 ? threads : cpu_cores(), [&](int first_group, int end_group) {
    const int i0 = first_group * kRowsAtOnce, i1 = std::min(end_group * kRowsAtOnce, n);
    multiply_rows<float>(a, b, c, size, i0, i1, multiply_block_float, {});
  });
}

bool reference_mat_mul_rows(const float* a, const float* b, int n, const std::vector<int>& rows, double* c,
                            const std::function<bool()>& keep_going) {
  const std::size_t size = static_cast<std::size_t>(n);
  // The listed rows of A, packed, are the A of a smaller product with the same B.
  std::vector<float> packed_a(rows.size() * size);
  for (std::size_t r = 0; r < rows.size(); ++r)
    std::copy_n(a + static_cast<std::size_t>(rows[r]) * size, size, packed_a.begin() + r * size);
  std::fill(c, c + rows.size() * size, 0.0);
  const int groups = static_cast<int>((rows.size() + kRowsAtOnce - 1) / kRowsAtOnce);
  std::atomic<bool> completed{true};
  parallel_bands(groups, cpu_cores(), [&](int first_group, int end_group) {
    const int i0 = first_group * kRowsAtOnce;
    const int i1 = std::min<int>(end_group * kRowsAtOnce, static_cast<int>(rows.size()));
    if (!multiply_rows<double>(packed_a.data(), b, c, size, i0, i1, multiply_block_double, keep_going))
      completed = false;
  });
  return completed;
}

}  // namespace cudalab::lessons::matmul
