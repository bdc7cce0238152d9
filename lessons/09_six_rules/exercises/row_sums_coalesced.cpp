// Exercise "row_sums_coalesced": rule 4, coalesced global memory access. One warp per row of a
// row-major matrix: lane t reads columns t, t + 32, t + 64, …, so that at each step the warp's 32
// lanes read 32 neighbouring floats (one coalesced request), then the warp adds its 32 partial sums
// with __shfl_down_sync and lane 0 writes the row's sum.
//
// What the grader sees of rule 4: the result, and how many times each thread read `a` (at most
// ceil(cols / 32): a lane that goes through the whole row fails). It does not see the order of the
// addresses a warp reads together: a lane taking a block of neighbouring columns of its own (the
// uncoalesced order) reads as often and passes. The statement says so; a GPU shows the difference
// in time, as the chapter's coalescing step does.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_row_sums_coalesced_exercise() {
  Exercise e;
  e.id = "row_sums_coalesced";
  e.title = "Rule 4: a warp reads a row's neighbouring columns";
  e.chapter = "09_six_rules";
  e.kernel_name = "row_sums";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "rows"}, {"int", "cols"}};
  const std::string write_once = "Lane 0 writes its row's sum once.";
  e.limits = {{"a", true, 32, "At most ceil(cols / 32) reads of a per thread (32 for the widest test)."},
              {"out", false, 1, write_once}};
  // Multiples of 0.5 in [-4, 4]: every sum is exact in float, in any order, so the tolerance only
  // has to be above zero; a lost lane or column shows as a plain difference.
  e.tolerance = 1e-6;
  e.cases = [write_once] {
    struct Shape {
      int rows, cols;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Shape s : {Shape{16, 256, "eight columns per lane"}, Shape{7, 50, "not a multiple of 32 columns"},
                          Shape{33, 1000, "the last step leaves 24 lanes idle"},
                          Shape{5, 31, "fewer columns than a warp has lanes"}, Shape{3, 1, "one column"}}) {
      TestCase test;
      test.name = test_name(message("{} × {}", s.rows, s.cols), s.note);
      test.launch = launch_1d(s.rows, 32);
      ArgValue a = small_exact_floats(static_cast<std::size_t>(s.rows) * s.cols, 601 + s.cols);
      a.width = s.cols;
      ArgValue expected = zero_floats(s.rows);
      for (int r = 0; r < s.rows; ++r) {
        double sum = 0;
        for (int c = 0; c < s.cols; ++c) sum += a.floats[static_cast<std::size_t>(r) * s.cols + c];
        expected.floats[r] = static_cast<float>(sum);
      }
      const unsigned per_lane = blocks_for(static_cast<std::size_t>(s.cols), 32);
      test.limits = std::vector<AccessLimit>{
          {"a", true, per_lane, "",
           message("The 32 lanes of a row's warp share its {} columns, {} each at most: lane t reads columns t, t + 32, "
                   "t + 64, … One lane going through the whole row leaves the other 31 idle.",
                   s.cols, per_lane)},
          {"out", false, 1, write_once}};
      test.args = {a, zero_floats(s.rows), scalar(s.rows), scalar(s.cols)};
      test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
