// Exercise "matmul_tiled": shared-memory tiles of 16 × 16, ragged n. The sizes all take 7 steps,
// so "at most 7 reads of A and of B per thread" is exactly what a tiled kernel needs.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_matmul_tiled_exercise() {
  constexpr int steps = 7;  // ceil(n / 16) for every n below
  Exercise e;
  e.id = "matmul_tiled";
  e.title = "Matrix multiply with 16 × 16 tiles";
  e.chapter = "06_tiles";
  e.kernel_name = "mat_mul_tiled";
  e.params = {{"const float*", "a"}, {"const float*", "b"}, {"float*", "c"}, {"int", "n"}};
  e.limits = {{"a", true, steps,
               "With tiles, a thread copies one element of A per step, ceil(n / 16) = 7 in all; its row's other "
               "elements come from shared memory, copied by its neighbours."},
              {"b", true, steps, "With tiles, a thread copies one element of B per step, ceil(n / 16) = 7 in all."},
              {"c", false, 1, "Add up the sum in a local variable and write the element of C once."}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {97, 100, 112}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n % 16 ? "the last tiles are ragged" : "whole tiles");
      test.launch = launch_2d(blocks_for(n, 16), blocks_for(n, 16), 16, 16);
      ArgValue a = small_exact_floats(static_cast<std::size_t>(n) * n, 211 + n);
      ArgValue b = small_exact_floats(static_cast<std::size_t>(n) * n, 223 + n);
      a.width = b.width = n;
      ArgValue expected = zero_floats(static_cast<std::size_t>(n) * n, n);
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          float sum = 0.f;
          for (int k = 0; k < n; ++k) sum += a.floats[r * n + k] * b.floats[k * n + c];
          expected.floats[r * n + c] = sum;
        }
      test.args = {a, b, zero_floats(static_cast<std::size_t>(n) * n, n), scalar(n)};
      test.expected = {std::nullopt, std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
