// Exercise "row_softmax": the softmax of every row of a matrix, one block of 128 threads per row;
// the row's max and sum by warp shuffles, and a __shared__ array of 4 (one value per warp) across
// the warps.
#include <algorithm>
#include <cmath>

#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_row_softmax_exercise() {
  Exercise e;
  e.id = "row_softmax";
  e.title = "Softmax of every row: warp shuffles for the max and the sum";
  e.chapter = "10_matmul_ladder";
  e.kernel_name = "row_softmax";
  e.params = {{"const float*", "x"}, {"float*", "out"}, {"int", "rows"}, {"int", "cols"}};
  // Three passes over the row (max, sum, output) read each element of x three times: each test
  // allows 3 × ceil(cols / 128) reads per thread, and ceil(cols / 128) writes of out (each element
  // once, with its final value). One thread doing a whole row reads it all and fails.
  const std::string write_once = "Each thread writes each of its elements of out once, with its final value.";
  e.limits = {{"x", true, 24, "At most 3 × ceil(cols / 128) reads of x per thread (24 for the widest test)."},
              {"out", false, 8, write_once}};
  // The outputs are at most 1, and the checker's tolerance is relative to max(1, |expected|): 1e-5
  // is then an absolute 1e-5, loose for expf's or __expf's rounding, tight for a lost warp.
  e.tolerance = 1e-5;
  e.cases = [write_once] {
    struct Shape {
      int rows, cols;
      float shift;  // added to every value
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Shape s : {Shape{16, 256, 0.f, "two columns per thread"}, Shape{6, 50, 0.f, "fewer columns than threads"},
                          Shape{10, 1000, 0.f, "not a multiple of 128 columns"},
                          Shape{3, 1, 0.f, "one column: every output is 1"},
                          Shape{5, 300, 100.f, "values near 100: exp(x) overflows a float without the row's max"},
                          Shape{4, 70, -200.f, "values near -200, fewer columns than threads"}}) {
      TestCase test;
      test.name = test_name(message("{} × {}", s.rows, s.cols), s.note);
      test.launch = launch_1d(s.rows, 128);
      ArgValue x = random_floats(static_cast<std::size_t>(s.rows) * s.cols, 307 + s.cols);
      for (float& v : x.floats) v += s.shift;
      x.width = s.cols;
      ArgValue expected = zero_floats(static_cast<std::size_t>(s.rows) * s.cols, s.cols);
      for (int r = 0; r < s.rows; ++r) {
        const float* row = &x.floats[static_cast<std::size_t>(r) * s.cols];
        double max = row[0];
        for (int c = 1; c < s.cols; ++c) max = std::max(max, static_cast<double>(row[c]));
        double sum = 0;
        for (int c = 0; c < s.cols; ++c) sum += std::exp(row[c] - max);
        for (int c = 0; c < s.cols; ++c)
          expected.floats[static_cast<std::size_t>(r) * s.cols + c] = static_cast<float>(std::exp(row[c] - max) / sum);
      }
      const unsigned per_thread = blocks_for(static_cast<std::size_t>(s.cols), 128);
      test.limits = std::vector<AccessLimit>{
          {"x", true, 3 * per_thread, "",
           message("The 128 threads of a row's block share its {} columns, {} each at most, and read each one at most "
                   "3 times: for the max, for the sum, for the output. One thread going through a whole row leaves the "
                   "other 127 idle.",
                   s.cols, per_thread)},
          {"out", false, per_thread, write_once}};
      test.args = {x, zero_floats(static_cast<std::size_t>(s.rows) * s.cols, s.cols), scalar(s.rows), scalar(s.cols)};
      test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
