// Exercise "fix_barrier": a complete kernel that is wrong for want of one __syncthreads(). Every
// element comes from a thread of another warp (t ^ 128), so without the barrier the emulator (one
// thread after another) reads chunk[t + 128] before it is written, and a GPU does on most blocks:
// the large test has hundreds of blocks, so some of them fail on every run.
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_fix_barrier_exercise() {
  Exercise e;
  e.id = "fix_barrier";
  e.title = "Fix the missing barrier";
  e.chapter = "03_memory";
  e.kernel_name = "swap_halves";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "n"}};
  e.limits = {{"a", true, 1, "Each thread copies its one element of a into shared memory."},
              {"out", false, 1, "Each element of out is written once."}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {256, 1000, 65613}) {
      TestCase test;
      test.name = "n = " + std::to_string(n) + (n % 256 ? " (the last chunk is shorter)" : "");
      test.launch = launch_1d(blocks_for(n, 256), 256);
      const ArgValue a = random_floats(n, 151 + n);
      ArgValue expected = zero_floats(n);
      for (int i = 0; i < n; ++i) {
        const int start = i / 256 * 256, partner = start + ((i - start) ^ 128);
        expected.floats[i] = a.floats[partner < n ? partner : i];
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
