// Exercise "matvec": y = A·x for an m × n matrix A stored row by row, one thread per row of A,
// blocks of 128 threads: chapter 5's naive kernel with a single column in B.
//
// The limits are each test's own (they depend on n): a thread reads its row of A, n elements, and
// the n elements of x, each once, and writes y[i] once. What the probes count (probe.cuh) is each
// thread's reads and writes per buffer, so the classic slip `y[i] += …` inside the loop (a read
// and a write of y per step) fails with its count; a thread that strays into another row shows as
// a wrong y or an access outside A. What they cannot count is the mapping's real cost: at each
// step the 32 lanes of a warp read a[i·n + k] for 32 neighbouring rows, a column of A, n floats
// apart — the "row from x" pattern of chapter 5, step 3, here forced by one thread per row. The
// statement says so, and that a warp per row (chapter 7's shuffles) is the coalesced version; the
// grader cannot tell the two apart, since it does not time kernels.
// Inputs are multiples of 0.5 (small_exact_floats): every sum is exact in any order.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_matvec_exercise() {
  Exercise e;
  e.id = "matvec";
  e.title = "Matrix times vector, one thread per row";
  e.chapter = "05_matmul";
  e.kernel_name = "mat_vec";
  e.params = {{"const float*", "a"}, {"const float*", "x"}, {"float*", "y"}, {"int", "m"}, {"int", "n"}};
  // The limits are each test's (below): n reads of a and of x per thread, one write of y.
  e.limits = {{"a", true, 300, "At most n reads of a per thread (300 for the widest test)."},
              {"x", true, 300, "At most n reads of x per thread (300 for the widest test)."},
              {"y", false, 1, "Add up the sum in a local variable and write y[i] once."}};
  e.cases = [] {
    struct Shape {
      int m, n;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Shape s : {Shape{1000, 64, "the last block is partly idle"},
                          Shape{100, 37, "fewer rows than a block has threads"},
                          Shape{5000, 1, "n = 1: every row is one element"},
                          Shape{256, 300, "whole blocks, rows longer than a block"}}) {
      TestCase test;
      test.name = test_name(message("A of {} × {}", s.m, s.n), s.note);
      test.launch = launch_1d(blocks_for(s.m, 128), 128);
      ArgValue a = small_exact_floats(static_cast<std::size_t>(s.m) * s.n, 801 + s.m + s.n);
      a.width = s.n;
      const ArgValue x = small_exact_floats(s.n, 809 + s.n);
      ArgValue expected = zero_floats(s.m);
      for (int i = 0; i < s.m; ++i) {
        double sum = 0;
        for (int k = 0; k < s.n; ++k) sum += static_cast<double>(a.floats[static_cast<std::size_t>(i) * s.n + k]) * x.floats[k];
        expected.floats[i] = static_cast<float>(sum);
      }
      const unsigned n = static_cast<unsigned>(s.n);
      test.limits = std::vector<AccessLimit>{
          {"a", true, n, "", message("y[i] needs row i of A, {} elements: the thread reads each once.", s.n)},
          {"x", true, n, "", message("y[i] needs the {} elements of x, each once.", s.n)},
          {"y", false, 1, "Add up the sum in a local variable and write y[i] once."}};
      test.args = {a, x, zero_floats(s.m), scalar(s.m), scalar(s.n)};
      test.expected = {std::nullopt, std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
