// Exercise "matmul_coalesced": the naive matrix multiply with the column taken from x. C is not
// square, so a kernel that takes the row from x (the uncoalesced mapping) leaves parts of C
// unwritten under this launch: the checks can tell the two apart without timing anything.
#include "cudalab/message_format.h"
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
      int kind;  // 0: whole warps, 1: ragged, 2: square and ragged
    };
    for (const Shape shape : {Shape{32, 64, 0}, Shape{70, 33, 1}, Shape{45, 45, 2}}) {
      const int rows = shape.rows, cols = shape.cols;
      TestCase test;
      test.name = shape.kind == 0   ? message("C of {} × {}, n = {}", rows, cols, int{inner})
                  : shape.kind == 1 ? message("C of {} × {}, n = {}, ragged", rows, cols, int{inner})
                                    : message("C of {} × {}, n = {}, square and ragged", rows, cols, int{inner});
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
