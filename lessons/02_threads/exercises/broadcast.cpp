// Exercise "broadcast": a column of a and a row of b spread over a rows × cols matrix, in one 2D
// block larger than the matrix.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_broadcast_exercise() {
  Exercise e;
  e.id = "broadcast";
  e.title = "Outer sum";
  e.chapter = "02_threads";
  e.kernel_name = "outer_sum";
  e.params = {{"const float*", "a"}, {"const float*", "b"}, {"float*", "out"}, {"int", "rows"}, {"int", "cols"}};
  e.limits = {
      {"a", true, 1, "Each thread needs one element of a, its row's: reading it again is wasted memory traffic."},
      {"b", true, 1, "Each thread needs one element of b, its column's: reading it again is wasted memory traffic."},
      {"out", false, 1, "One thread per element: each thread stores its own element of out once."}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const auto& [rows, cols] : std::vector<std::pair<int, int>>{{32, 32}, {10, 25}, {27, 6}}) {
      TestCase test;
      test.name = test_name(message("{} × {}", rows, cols), rows == 32 && cols == 32
                                                                ? "the block fits the matrix"
                                                                : "threads to the right of and below the matrix");
      test.launch = launch_2d(1, 1, 32, 32);
      const ArgValue a = random_floats(rows, 51 + rows), b = random_floats(cols, 52 + cols);
      ArgValue expected = zero_floats(static_cast<std::size_t>(rows) * cols, cols);
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c)
          expected.floats[static_cast<std::size_t>(r) * cols + c] = a.floats[r] + b.floats[c];
      test.args = {a, b, zero_floats(static_cast<std::size_t>(rows) * cols, cols), scalar(rows), scalar(cols)};
      test.expected = {std::nullopt, std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
