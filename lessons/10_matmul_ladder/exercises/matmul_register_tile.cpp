// Exercise "matmul_register_tile": the idea of the ladder's first rung, 1D register tiling, in
// registers alone. C = A · B with A of m × k, B of k × n and C of m × n floats, row-major. Blocks of
// 32 × 8 threads, one block per 32 × 32 tile of C; the thread (tx, ty) computes the four elements
// of column blockIdx.x * 32 + tx in rows blockIdx.y * 32 + 4 * ty … + 3, keeping the four sums in
// registers. At each step kk it reads b[kk][col] once and uses it for the four sums.
//
// What the grader sees. The result (the values are multiples of 0.5: every sum is exact in any
// order); every index; each thread writes c at most 4 times and never reads it (the sums stay in
// registers). On the emulator, the reads of the 64 × 64 · 64 × 96 test are traced (speed.h) and
// counted per element of C: the solution reads b k / 4 = 16 times an element and a k = 64 times
// (each of the four rows needs its own element of a). Four dot products one after another, which
// the launch allows, read b 64 times an element: too slow. A strip along a row of C (four
// neighbouring columns) reuses a instead and reads b 64 times too. A kernel that also tiles A and
// B in shared memory reads both less and passes. On a GPU the kernel is timed against the solution
// on 512 × 512 matrices instead.
#include <algorithm>
#include <vector>

#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

namespace {

TestCase matmul_test(int m, int k, int n, const char* note) {
  TestCase test;
  test.name = test_name(message("A of {} × {}, B of {} × {}", m, k, k, n), note);
  test.launch = launch_2d(blocks_for(n, 32), blocks_for(m, 32), 32, 8);
  ArgValue a = small_exact_floats(static_cast<std::size_t>(m) * k, 1031 + m * 7 + k);
  ArgValue b = small_exact_floats(static_cast<std::size_t>(k) * n, 1049 + k * 5 + n);
  a.width = k;
  b.width = n;
  ArgValue expected = zero_floats(static_cast<std::size_t>(m) * n, n);
  // Row by row, k outside the columns: the CPU walks B along its rows (512³ in well under a second).
  std::vector<double> row(static_cast<std::size_t>(n));
  for (int r = 0; r < m; ++r) {
    std::fill(row.begin(), row.end(), 0.0);
    for (int kk = 0; kk < k; ++kk) {
      const double x = a.floats[static_cast<std::size_t>(r) * k + kk];
      const float* b_row = &b.floats[static_cast<std::size_t>(kk) * n];
      for (int c = 0; c < n; ++c) row[c] += x * b_row[c];
    }
    for (int c = 0; c < n; ++c) expected.floats[static_cast<std::size_t>(r) * n + c] = static_cast<float>(row[c]);
  }
  test.args = {a, b, zero_floats(static_cast<std::size_t>(m) * n, n), scalar(m), scalar(n), scalar(k)};
  test.expected = {std::nullopt, std::nullopt, expected, std::nullopt, std::nullopt, std::nullopt};
  return test;
}

}  // namespace

Exercise make_matmul_register_tile_exercise() {
  Exercise e;
  e.id = "matmul_register_tile";
  e.title = "1D register tiling: four outputs per thread";
  e.chapter = "10_matmul_ladder";
  e.kernel_name = "mat_mul_x4";
  e.params = {{"const float*", "a"}, {"const float*", "b"}, {"float*", "c"},
              {"int", "m"},          {"int", "n"},          {"int", "k"}};
  e.limits = {{"c", false, 4, "Each thread writes its 4 elements of c once, at the end, from the sums it kept in registers."},
              {"c", true, 0, "c is only written: keep the four sums in registers, not in c."}};
  e.tolerance = 1e-6;
  e.kind = ExerciseKind::speed;
  e.speed.goals = {
      {SpeedMeasure::accesses_per_element, "b", true, 17,
       "Each element of b a thread reads should serve its 4 sums: read b[kk * n + col] once into a register at "
       "each step kk, then add its product with each of the 4 rows' elements of a. For k = 64 that is 16 reads of b "
       "per element of c instead of 64."},
      {SpeedMeasure::accesses_per_element, "a", true, 65,
       "Each element of c needs its row's k elements of a, read once each: 64 reads per element of c for k = 64, "
       "not more."}};
  e.speed.traced_test = 0;  // 64 × 64 · 64 × 96: whole tiles, k = 64
  e.speed.timed = [] { return matmul_test(512, 512, 512, ""); };
  e.cases = [] {
    struct Shape {
      int m, k, n;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Shape s : {Shape{64, 64, 96, "whole tiles"}, Shape{50, 37, 75, "ragged: the last strips are partly outside"},
                          Shape{33, 100, 40, "m = 33: one row of the last strip inside"},
                          Shape{1, 9, 200, "one row"}, Shape{130, 20, 1, "one column"}})
      tests.push_back(matmul_test(s.m, s.k, s.n, s.note));
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
