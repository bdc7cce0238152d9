// Exercise "fix_barrier": a complete kernel that is wrong for want of one __syncthreads(), the one
// before overwriting shared data that slower threads still read (write after read).
//
// The data flow is chosen so that the missing barrier fails on every run, on both backends:
// - thread t walks back over t + 1 elements, so the first warps finish in ~32 steps and overwrite
//   values[0..31] while the last warps, ~200 steps in, have yet to read them: on a GPU that is a
//   margin of hundreds of steps, not a coin toss between warps;
// - the emulator runs threads in order, so every thread reads totals its predecessors wrote;
// - what a thread wrongly reads was written earlier in the same launch (a running total), so
//   shared memory left over from an earlier run cannot happen to hold the right value.
// (A read-after-write across warps, such as a block reversal without its barrier, passed on an
// H200 ten times out of ten: the probe's extra global accesses give the other warp time.)
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_fix_barrier_exercise() {
  Exercise e;
  e.id = "fix_barrier";
  e.title = "Fix the missing barrier";
  e.chapter = "03_memory";
  e.kernel_name = "cumulative_share";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "n"}};
  e.limits = {{"a", true, 1, "Each thread copies its one element of a into shared memory."},
              {"out", false, 1, "Each element of out is written once."}};
  e.tolerance = 1e-4;  // a correct fix adds in the starter's order; this only allows another order
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {256, 1000, 4099}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n % 256 ? "the last chunk is shorter" : "");
      test.launch = launch_1d(blocks_for(n, 256), 256);
      // Positive values, 0.01 to 10.00: every chunk's sum is well away from 0.
      const ArgValue hundredths = random_ints(n, 1, 1000, 151 + n);
      ArgValue a;
      for (const int h : hundredths.ints) a.floats.push_back(static_cast<float>(h) / 100.f);
      ArgValue expected = zero_floats(n);
      std::vector<float> totals(256);
      for (int start = 0; start < n; start += 256) {
        for (int t = 0; t < 256; ++t) {  // in the kernel's order, walking back
          float total = 0.f;
          for (int k = t; k >= 0; --k) total += start + k < n ? a.floats[start + k] : 0.f;
          totals[t] = total;
        }
        for (int t = 0; t < 256 && start + t < n; ++t) expected.floats[start + t] = totals[t] / totals[255];
      }
      test.args = {a, zero_floats(n), scalar(n)};
      test.expected = {std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
