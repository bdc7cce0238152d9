// Exercise "polynomial": rule 5, avoid redundant global reads. Every thread evaluates the same
// polynomial of k coefficients at its own x[i]; the block reads the k coefficients from global
// memory once, into __shared__ memory, instead of each of its 256 threads reading all k.
//
// Why this rule: of the six, it is the one the grader measures directly. It counts each thread's
// reads of each buffer, so "at most one read of c per thread" is rule 5 itself, and a kernel that
// reads every coefficient in every thread fails it, with the count in the verdict. The exercise
// also needs what the grader checks best around shared memory: a barrier between the load and the
// use (the emulator's race detector), every thread reaching it (barrier checks: idle threads must
// not return early, since they load coefficients too), and a __shared__ array that fits k (bounds).
// The other rules the grader sees only in part or not at all: coalescing (4) and divergence (6) are
// about which addresses and paths a warp takes together, not how many accesses a thread makes
// ("row_sums_coalesced" practises 4 with its result and read counts, and says the order is left to a
// GPU); transfers (2) are host code, counted by the emulated runtime ("batch_transfers"); the
// parallelization (1) and the launch (3) are fixed by every exercise's launch. The kernel is the chapter's own `polynomial`
// (rule 1), whose coefficients are here an input instead of constants.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_polynomial_exercise() {
  Exercise e;
  e.id = "polynomial";
  e.title = "Rule 5: a block reads the coefficients once";
  e.chapter = "09_six_rules";
  e.kernel_name = "polynomial";
  e.params = {{"const float*", "c"}, {"int", "k"}, {"const float*", "x"}, {"float*", "y"}, {"int", "n"}};
  e.limits = {{"c", true, 1,
               "Rule 5: every thread needs all k coefficients, but the block reads them from global memory once, one "
               "per thread, into shared memory; reading all k in every thread reads each one 256 times per block."},
              {"x", true, 1, "Each thread reads its x[i] once and keeps it in a register."},
              {"y", false, 1, "Each thread writes its y[i] once."}};
  // Horner's rule in float against the CPU's in double, with |x| < 1 and |c| < 1: the rounding
  // errors stay near 1e-6; a lost or misplaced coefficient moves a result by far more than 1e-4.
  e.tolerance = 1e-4;
  e.cases = [] {
    struct Size {
      int n, k;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Size s : {Size{1000, 32, "the last block is partly idle"},
                         Size{20, 256, "more coefficients than elements: idle threads load them too"},
                         Size{256, 1, "one coefficient: a constant"},
                         Size{100000, 17, "fewer coefficients than a warp has lanes"}}) {
      TestCase test;
      test.name = test_name(message("n = {}, k = {}", s.n, s.k), s.note);
      test.launch = launch_1d(blocks_for(s.n, 256), 256);
      // Tenths of random_floats: x and the coefficients in [-1, 1), so that x^255 neither
      // overflows nor drowns the first terms.
      ArgValue c = random_floats(s.k, 503 + s.k);
      for (float& v : c.floats) v /= 10.f;
      ArgValue x = random_floats(s.n, 509 + s.n);
      for (float& v : x.floats) v /= 10.f;
      ArgValue expected = zero_floats(s.n);
      for (int i = 0; i < s.n; ++i) {
        double sum = 0;
        for (int j = s.k - 1; j >= 0; --j) sum = sum * x.floats[i] + c.floats[j];
        expected.floats[i] = static_cast<float>(sum);
      }
      test.args = {c, scalar(s.k), x, zero_floats(s.n), scalar(s.n)};
      test.expected = {std::nullopt, std::nullopt, std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
