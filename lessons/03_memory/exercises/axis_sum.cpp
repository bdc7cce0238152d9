// Exercise "axis_sum": one block per row, a strided partial sum per thread, a shared-memory reduction.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_axis_sum_exercise() {
  Exercise e;
  e.id = "axis_sum";
  e.title = "Sum of every row";
  e.chapter = "03_memory";
  e.kernel_name = "row_sums";
  e.params = {{"const float*", "m"}, {"float*", "out"}, {"int", "rows"}, {"int", "cols"}};
  // The limits are each test's (below): ceil(cols / 256) reads of m per thread, one write of out.
  e.limits = {{"m", true, 4, "At most ceil(cols / 256) reads of m per thread (4 for the widest test)."},
              {"out", false, 1, "One thread writes the row's sum, once."}};
  e.tolerance = 1e-3;  // the additions happen in another order than the CPU's
  e.cases = [] {
    std::vector<TestCase> tests;
    struct Shape {
      int rows, cols;
      const char* words;
    };
    for (const Shape shape : {Shape{4, 100, "fewer columns than threads"}, Shape{50, 1000, "4 columns per thread, the last partly"},
                              Shape{300, 513, "3 columns for one thread, 2 for the rest"}}) {
      const int rows = shape.rows, cols = shape.cols;
      TestCase test;
      test.name = test_name(message("{} × {}", rows, cols), shape.words);
      test.launch = launch_1d(rows, 256);
      ArgValue m = random_floats(static_cast<std::size_t>(rows) * cols, 131 + cols);
      m.width = cols;
      ArgValue expected = zero_floats(rows);
      for (int r = 0; r < rows; ++r) {
        double sum = 0;
        for (int c = 0; c < cols; ++c) sum += m.floats[r * cols + c];
        expected.floats[r] = static_cast<float>(sum);
      }
      // Each test's own limit: ceil(cols / 256) reads of m per thread, exactly what sharing takes.
      const unsigned per_thread = blocks_for(static_cast<std::size_t>(cols), 256);
      test.limits = std::vector<AccessLimit>{
          {"m", true, per_thread, "",
           message("The 256 threads of a row's block share its columns: {} columns are {} reads each at most. One "
                   "thread adding up a whole row leaves the other 255 idle.",
                   cols, per_thread)},
          {"out", false, 1, "One thread writes the row's sum, once."}};
      test.args = {m, zero_floats(rows), scalar(rows), scalar(cols)};
      test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
