// Exercise "matmul_coalesced": the naive matrix multiply with the column taken from x. C is not
// square, so a kernel that takes the row from x (the uncoalesced mapping) leaves parts of C
// unwritten under this launch: the checks can tell the two apart without timing anything.
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_matmul_coalesced_exercise() {
  constexpr int inner = 45;  // n, the same in every test: the read limits below are exactly n
  Exercise e;
  e.id = "matmul_coalesced";
  e.title = "Matrix multiply, coalesced";
  e.chapter = "05_matmul";
  e.kernel_name = "mat_mul";
  e.params = {{"const float*", "a"}, {"const float*", "b"}, {"float*", "c"}, {"int", "rows"}, {"int", "cols"}, {"int", "n"}};
  e.limits = {{"a", true, inner, "An element of C needs one row of A: n values, each read once."},
              {"b", true, inner, "An element of C needs one column of B: n values, each read once."},
              {"c", false, 1, "Add up the sum in a local variable and write the element of C once."}};
  e.cases = [] {
    std::vector<TestCase> tests;
    struct Shape {
      int rows, cols;
      const char* words;
    };
    for (const Shape shape : {Shape{32, 64, ""}, Shape{70, 33, ", ragged"}, Shape{45, 45, ", square and ragged"}}) {
      const int rows = shape.rows, cols = shape.cols;
      TestCase test;
      test.name = "C of " + std::to_string(rows) + " × " + std::to_string(cols) + ", n = " + std::to_string(inner) + shape.words;
      test.launch = launch_2d(blocks_for(cols, 32), blocks_for(rows, 8), 32, 8);
      ArgValue a = small_exact_floats(static_cast<std::size_t>(rows) * inner, 171 + rows);
      ArgValue b = small_exact_floats(static_cast<std::size_t>(inner) * cols, 191 + cols);
      a.width = inner;
      b.width = cols;
      ArgValue expected = zero_floats(static_cast<std::size_t>(rows) * cols, cols);
      for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
          float sum = 0.f;
          for (int k = 0; k < inner; ++k) sum += a.floats[r * inner + k] * b.floats[k * cols + c];
          expected.floats[r * cols + c] = sum;
        }
      test.args = {a, b, zero_floats(static_cast<std::size_t>(rows) * cols, cols), scalar(rows), scalar(cols), scalar(inner)};
      test.expected = {std::nullopt, std::nullopt, expected, std::nullopt, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
