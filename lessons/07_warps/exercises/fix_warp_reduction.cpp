// Exercise "fix_warp_reduction": a block reduction whose last 32 sums are added the pre-Volta way,
// "warp-synchronously" in shared memory with no barrier at all; the student makes that tail safe,
// with __syncwarp() between a step's reads and its writes, or with __shfl_down_sync.
//
// Why the emulator fails the starter every time: it runs the lanes of a warp one after another
// until they meet (a barrier, __syncwarp, a shuffle), so lane 0 adds s[16] before lane 16 has
// added s[48] to it, and its race detector sees lane 0 read s[16] and lane 16 write it with
// nothing between them (a __syncwarp or a shuffle starts a new epoch, as a barrier does). The
// tail indexes the __shared__ array itself: through a plain `volatile float*` pointer the
// detector would not see it (tests/exercises/known_gaps/README.md).
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_fix_warp_reduction_exercise() {
  Exercise e;
  e.id = "fix_warp_reduction";
  e.title = "Fix the last warp of a reduction";
  e.chapter = "07_warps";
  e.kernel_name = "block_sums";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "n"}};
  e.limits = {{"a", true, 1, "Each thread copies its one element of a into shared memory."},
              {"out", false, 1, "One thread writes its block's sum into out, once."}};
  // Multiples of 0.5 in [-4, 4]: every partial sum is exact in any order, so a correct fix, in
  // whatever order it adds, gives exactly the CPU's sums.
  e.tolerance = 1e-6;
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {256, 1000, 20, 4099}) {
      TestCase test;
      const char* note = n < 32 ? "fewer elements than a warp has lanes" : n % 256 ? "the last block is partly idle" : "";
      test.name = test_name(message("n = {}", n), note);
      const unsigned blocks = blocks_for(n, 256);
      test.launch = launch_1d(blocks, 256);
      const ArgValue a = small_exact_floats(n, 211 + n);
      ArgValue expected = zero_floats(blocks);
      for (int k = 0; k < n; ++k) expected.floats[k / 256] += a.floats[k];
      test.args = {a, zero_floats(blocks), scalar(n)};
      test.expected = {std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
