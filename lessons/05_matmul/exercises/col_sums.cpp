// Exercise "col_sums": out[c] = the sum of column c of a rows × cols row-major matrix, one thread
// per column, blocks of 128 threads; graded for speed. Thread c walks down its column: at each
// step the 32 threads of a warp read 32 neighbouring floats of one row (four 32-byte sectors),
// and the next step the same 32 columns of the next row.
//
// What the grader sees: the sums (multiples of 0.5: exact in any order), that each thread reads
// `a` at most `rows` times and writes `out` once, and on the emulator the sectors each warp
// request of `a` touches in the 64 × 1024 test (rows start on a sector and warps on 32 columns:
// 4 exactly). The tempting slow versions are right and read as often: columns dealt out to the
// blocks like cards (c = threadIdx.x * gridDim.x + blockIdx.x: neighbouring lanes 8 columns, one
// sector, apart in that test) or a walk that starts each thread on a row of its own (the warp's
// lanes on 32 different rows at each step); both take 32 sectors a request there. On a GPU the
// kernel is timed against the solution on a 512 × 65536 matrix instead: 512 blocks, enough warps
// for the memory system to be the limit.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

namespace {

TestCase col_sums_test(int rows, int cols, const char* note) {
  TestCase test;
  test.name = test_name(message("{} × {}", rows, cols), note);
  test.launch = launch_1d(blocks_for(static_cast<std::size_t>(cols), 128), 128);
  ArgValue a = small_exact_floats(static_cast<std::size_t>(rows) * cols, 907 + static_cast<std::uint32_t>(rows + cols));
  a.width = cols;
  std::vector<double> sums(static_cast<std::size_t>(cols), 0.0);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) sums[c] += a.floats[static_cast<std::size_t>(r) * cols + c];
  ArgValue expected = zero_floats(cols);
  for (int c = 0; c < cols; ++c) expected.floats[c] = static_cast<float>(sums[c]);
  test.limits = std::vector<AccessLimit>{
      {"a", true, static_cast<unsigned>(rows), "",
       message("Column c has {} rows: its thread reads each of them once, a[r * cols + c] for r = 0 … rows - 1.", rows)},
      {"out", false, 1, "Add up the column in a local variable and write out[c] once."}};
  test.args = {a, zero_floats(cols), scalar(rows), scalar(cols)};
  test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
  return test;
}

}  // namespace

Exercise make_col_sums_exercise() {
  Exercise e;
  e.id = "col_sums";
  e.title = "Sum every column: neighbouring threads, neighbouring columns";
  e.chapter = "05_matmul";
  e.kernel_name = "col_sums";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "rows"}, {"int", "cols"}};
  // The limits are each test's (below): `rows` reads of a per thread, one write of out.
  e.limits = {{"a", true, 200, "At most rows reads of a per thread (200 for the tallest test)."},
              {"out", false, 1, "Add up the column in a local variable and write out[c] once."}};
  // Multiples of 0.5 in [-4, 4]: every sum is exact in float, in any order.
  e.tolerance = 1e-6;
  e.kind = ExerciseKind::speed;
  e.speed.goals = {{SpeedMeasure::sectors_per_request, "a", true, 4.5,
                    "At each step a warp's 32 threads should read 32 neighbouring floats of one row: 128 bytes, four "
                    "32-byte sectors. Thread c = blockIdx.x * blockDim.x + threadIdx.x takes column c, and every "
                    "thread reads row r at step r."}};
  e.speed.traced_test = 0;  // 64 × 1024: rows start on a sector and warps on 32 columns, so 4 exactly
  e.speed.timed = [] { return col_sums_test(512, 65536, ""); };
  e.cases = [] {
    struct Shape {
      int rows, cols;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Shape s : {Shape{64, 1024, "eight whole blocks"}, Shape{37, 300, "the last block is partly idle"},
                          Shape{200, 50, "fewer columns than threads"}, Shape{1, 130, "one row"},
                          Shape{9, 1000, "the last block is partly idle"}})
      tests.push_back(col_sums_test(s.rows, s.cols, s.note));
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
