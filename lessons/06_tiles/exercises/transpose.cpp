// Exercise "transpose": out = in^T for a rows × cols matrix, through a 32 × 32 tile in shared
// memory (with a padding column), blocks of 32 × 8 threads, each thread moving 4 elements.
//
// What the grader sees and what it does not. The probes (probe.cuh) count each thread's reads and
// writes of each buffer, check every index and, on the emulator, find races in shared memory; the
// outputs are compared element by element. So the limits "each thread reads `in` at most 4 times
// and writes `out` at most 4 times" hold a thread to its 4 elements, ragged edges must be guarded,
// and a tile read before the barrier is a data race. But a naive transpose, where each thread
// copies its 4 elements from `in` straight to `out`, makes exactly as many accesses and passes:
// its fault is that a warp's writes (or reads) go down a column, 32 rows apart, uncoalesced
// (chapter 5, step 3), and neither coalescing nor bank conflicts are counted by any probe. Until
// the grader has a kind of check that times kernels, the statement says so plainly and the hints
// lead to the shared-memory version; the variants keep a naive kernel and an unpadded tile as
// `passed` files, to keep that limit on record.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_transpose_exercise() {
  Exercise e;
  e.id = "transpose";
  e.title = "Transpose through a shared tile";
  e.chapter = "06_tiles";
  e.kernel_name = "transpose";
  e.params = {{"const float*", "in"}, {"float*", "out"}, {"int", "rows"}, {"int", "cols"}};
  e.limits = {{"in", true, 4,
               "A block of 32 × 8 threads moves a tile of 32 × 32 elements: each thread reads 4 elements of in, "
               "rows threadIdx.y, threadIdx.y + 8, + 16 and + 24 of the tile."},
              {"out", false, 4, "Each thread writes 4 elements of out, one for each element of in it read."}};
  e.cases = [] {
    struct Shape {
      int rows, cols;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Shape s : {Shape{64, 96, "whole tiles"},
                          Shape{100, 37, "ragged: the last tiles are partly outside"},
                          Shape{1, 1000, "one row"},
                          Shape{777, 1, "one column"},
                          Shape{45, 200, "ragged, wider than tall"}}) {
      TestCase test;
      test.name = test_name(message("in of {} × {}", s.rows, s.cols), s.note);
      test.launch = launch_2d(blocks_for(s.cols, 32), blocks_for(s.rows, 32), 32, 8);
      const std::size_t count = static_cast<std::size_t>(s.rows) * s.cols;
      ArgValue in = random_floats(count, 701 + s.rows * 3 + s.cols);
      in.width = s.cols;
      ArgValue expected = zero_floats(count, s.rows);
      for (int r = 0; r < s.rows; ++r)
        for (int c = 0; c < s.cols; ++c) expected.floats[static_cast<std::size_t>(c) * s.rows + r] = in.floats[static_cast<std::size_t>(r) * s.cols + c];
      test.args = {in, zero_floats(count, s.rows), scalar(s.rows), scalar(s.cols)};
      test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
