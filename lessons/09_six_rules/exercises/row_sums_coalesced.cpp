// Exercise "row_sums_coalesced": rule 4, coalesced global memory access, graded for speed. One
// warp per row of a row-major matrix: lane t reads columns t, t + 32, t + 64, …, so that at each
// step the warp's 32 lanes read 32 neighbouring floats (one request of four 32-byte sectors), then
// the warp adds its 32 partial sums with __shfl_down_sync and lane 0 writes the row's sum.
//
// What the grader sees of rule 4: the result; how many times each thread read `a` (at most
// ceil(cols / 32): a lane that goes through the whole row fails); and, on the emulator, the
// sectors each warp request of `a` touches in the 16 × 256 test (4 when coalesced; a lane taking a
// block of neighbouring columns of its own reads as often, but each request then touches 32). On
// a GPU the kernel is timed against the solution on an 8192 × 4096 matrix instead.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

namespace {

TestCase row_sums_test(int rows, int cols, const char* note, const std::string& write_once) {
  TestCase test;
  test.name = test_name(message("{} × {}", rows, cols), note);
  test.launch = launch_1d(rows, 32);
  ArgValue a = small_exact_floats(static_cast<std::size_t>(rows) * cols, 601 + cols);
  a.width = cols;
  ArgValue expected = zero_floats(rows);
  for (int r = 0; r < rows; ++r) {
    double sum = 0;
    for (int c = 0; c < cols; ++c) sum += a.floats[static_cast<std::size_t>(r) * cols + c];
    expected.floats[r] = static_cast<float>(sum);
  }
  const unsigned per_lane = blocks_for(static_cast<std::size_t>(cols), 32);
  test.limits = std::vector<AccessLimit>{
      {"a", true, per_lane, "",
       message("The 32 lanes of a row's warp share its {} columns, {} each at most: lane t reads columns t, t + 32, "
               "t + 64, … One lane going through the whole row leaves the other 31 idle.",
               cols, per_lane)},
      {"out", false, 1, write_once}};
  test.args = {a, zero_floats(rows), scalar(rows), scalar(cols)};
  test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
  return test;
}

}  // namespace

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
  e.kind = ExerciseKind::speed;
  e.speed.goals = {{SpeedMeasure::sectors_per_request, "a", true, 4.5,
                    "A warp's 32 lanes should read 32 neighbouring floats at each step: 128 bytes, four 32-byte sectors. "
                    "Lane t reads columns t, t + 32, t + 64, …"}};
  e.speed.traced_test = 0;  // 16 × 256: rows start on a sector, so coalesced reads take exactly 4
  e.speed.timed = [write_once] { return row_sums_test(8192, 4096, "", write_once); };
  e.cases = [write_once] {
    struct Shape {
      int rows, cols;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Shape s : {Shape{16, 256, "eight columns per lane"}, Shape{7, 50, "not a multiple of 32 columns"},
                          Shape{33, 1000, "the last step leaves 24 lanes idle"},
                          Shape{5, 31, "fewer columns than a warp has lanes"}, Shape{3, 1, "one column"}})
      tests.push_back(row_sums_test(s.rows, s.cols, s.note, write_once));
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
