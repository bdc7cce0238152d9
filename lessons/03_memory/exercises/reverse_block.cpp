// Exercise "reverse_block": a block-local permutation through shared memory, with a ragged last block.
#include <algorithm>

#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_reverse_block_exercise() {
  Exercise e;
  e.id = "reverse_block";
  e.title = "Reverse every block, through shared memory";
  e.chapter = "03_memory";
  e.kernel_name = "reverse_blocks";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "n"}};
  e.limits = {{"a", true, 1, "Each thread copies its one element of a into shared memory; the reversal happens there."},
              {"out", false, 1, "Each element of out is written once, by the thread whose place it is."}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {256, 1000, 4097}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n % 256 ? "the last chunk is shorter" : "");
      test.launch = launch_1d(blocks_for(n, 256), 256);
      const ArgValue a = random_floats(n, 31 + n);
      ArgValue expected = zero_floats(n);
      for (int start = 0; start < n; start += 256) {
        const int length = std::min(256, n - start);
        for (int t = 0; t < length; ++t) expected.floats[start + t] = a.floats[start + length - 1 - t];
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
