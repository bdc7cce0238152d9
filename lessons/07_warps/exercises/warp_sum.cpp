// Exercise "warp_sum": a block's sum from warp shuffles (each warp, then the first warp over the
// warps' sums), and one atomicAdd per block.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_warp_sum_exercise() {
  Exercise e;
  e.id = "warp_sum";
  e.title = "Warp sum: shuffles instead of a tree, one atomicAdd per block";
  e.chapter = "07_warps";
  e.kernel_name = "warp_sum";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "n"}};
  // The grader counts what each thread did to each buffer: it cannot count how many threads of a
  // block add to out[0], and the statement says so.
  e.limits = {{"a", true, 1, "Each thread adds one element: it needs its element of a once."},
              {"out", true, 0,
               "A plain out[0] += sum reads out[0], and blocks that add at the same time lose each other's sums: "
               "atomicAdd(&out[0], sum) never needs a read."},
              {"out", false, 1, "Thread 0 adds the block's sum with one atomicAdd: no thread writes out twice."}};
  // As in "dot": blocks add their sums in the order they finish, and float addition is not
  // associative; 0.1 % is loose for that, tight for a lost warp or block.
  e.tolerance = 1e-3;
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {256, 20, 1000, 100000}) {
      TestCase test;
      const char* note = n < 32    ? "fewer elements than a warp has lanes"
                         : n % 256 ? "the last block is partly idle"
                                   : "";
      test.name = test_name(message("n = {}", n), note);
      test.launch = launch_1d(blocks_for(n, 256), 256);
      const ArgValue a = random_floats(n, 131 + n);
      double sum = 0;
      for (int i = 0; i < n; ++i) sum += a.floats[i];
      ArgValue expected = zero_floats(1);
      expected.floats[0] = static_cast<float>(sum);
      test.args = {a, zero_floats(1), scalar(n)};
      test.expected = {std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
