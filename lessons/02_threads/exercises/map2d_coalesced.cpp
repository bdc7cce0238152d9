// Exercise "map2d_coalesced": which index is x, graded for speed. out = 2a + 1 over a rows × cols
// row-major matrix, blocks of 32 × 8 threads. A block 32 wide makes each warp one row of the
// block: 32 threads with neighbouring threadIdx.x and one threadIdx.y. With the column from x the
// warp reads (and writes) 32 neighbouring floats, 128 bytes, four 32-byte sectors; with the row
// from x it reads one column of 32 rows, a sector each.
//
// The launch covers a square of m = max(rows, cols) on both axes (ceil(m / 32) blocks along x,
// ceil(m / 8) along y), so that either mapping, guarded on both axes, reaches every element:
// the row-from-x kernel is right in every test and only its sectors tell it apart (unlike
// matmul_coalesced, where the launch fits the matrix and the swapped kernel misses parts of it).
// The emulator counts them in the 64 × 96 test (rows are whole warps: exactly 4 per request with
// the column from x, 32 with the row from x); a GPU times the kernel against the solution on a
// 4096 × 4096 matrix instead.
#include <algorithm>

#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

namespace {

TestCase map2d_coalesced_test(int rows, int cols, const char* note) {
  const auto n = static_cast<std::size_t>(rows) * cols;
  const int m = std::max(rows, cols);
  TestCase test;
  test.name = test_name(message("{} × {}", rows, cols), note);
  test.launch = launch_2d(blocks_for(m, 32), blocks_for(m, 8), 32, 8);
  ArgValue a = small_exact_floats(n, 211 + static_cast<std::uint32_t>(rows * 7 + cols));
  a.width = cols;
  ArgValue expected = zero_floats(n, cols);
  for (std::size_t i = 0; i < n; ++i) expected.floats[i] = 2.f * a.floats[i] + 1.f;
  test.args = {a, zero_floats(n, cols), scalar(rows), scalar(cols)};
  test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
  return test;
}

}  // namespace

Exercise make_map2d_coalesced_exercise() {
  Exercise e;
  e.id = "map2d_coalesced";
  e.title = "Which index is x: a 2D map that reads rows together";
  e.chapter = "02_threads";
  e.kernel_name = "twice_plus_one";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "rows"}, {"int", "cols"}};
  e.limits = {{"a", true, 1, "Each thread needs its one element of a: reading it twice is wasted memory traffic."},
              {"out", false, 1, "Each thread owns one element of out and stores it once."}};
  e.kind = ExerciseKind::speed;
  e.speed.goals = {
      {SpeedMeasure::sectors_per_request, "a", true, 4.5,
       "A warp is 32 threads with neighbouring threadIdx.x: when x is the column, they read 32 neighbouring floats of "
       "one row, four 32-byte sectors; when x is the row, they read one column of 32 rows, a sector each."},
      {SpeedMeasure::sectors_per_request, "out", false, 4.5,
       "A warp's 32 threads should write 32 neighbouring floats of one row, four 32-byte sectors: take the column from "
       "threadIdx.x."}};
  e.speed.traced_test = 0;  // 64 × 96: rows are whole warps and start on a sector, so 4 exactly
  e.speed.timed = [] { return map2d_coalesced_test(4096, 4096, ""); };
  e.cases = [] {
    struct Shape {
      int rows, cols;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Shape s : {Shape{64, 96, "each row is three whole warps"}, Shape{50, 70, "blocks hang over the edges"},
                          Shape{100, 3, "three columns"}, Shape{3, 100, "three rows"},
                          Shape{33, 17, "blocks hang over the edges"}})
      tests.push_back(map2d_coalesced_test(s.rows, s.cols, s.note));
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
