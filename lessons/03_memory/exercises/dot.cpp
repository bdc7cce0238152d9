// Exercise "dot": a shared-memory tree reduction per block, then one atomicAdd per block.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_dot_exercise() {
  Exercise e;
  e.id = "dot";
  e.title = "Dot product: reduce in each block, add once per block";
  e.chapter = "03_memory";
  e.kernel_name = "dot";
  e.params = {{"const float*", "a"}, {"const float*", "b"}, {"float*", "out"}, {"int", "n"}};
  e.limits = {{"a", true, 1, "Each thread multiplies one pair: it needs its element of a once."},
              {"b", true, 1, "Each thread multiplies one pair: it needs its element of b once."},
              {"out", true, 0,
               "Reading out[0] and writing it back loses the sums of blocks that do the same at the same time: "
               "add with atomicAdd(&out[0], sum), which never needs a read."},
              {"out", false, 1, "One atomicAdd per block, by one of its threads, is enough."}};
  // Blocks add their sums in the order they finish, and float addition is not associative: the
  // result moves in its last digits from run to run. 0.1 % is loose for that, tight for a lost block.
  e.tolerance = 1e-3;
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {256, 1000, 100000}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n % 256 ? "the last block is partly idle" : "");
      test.launch = launch_1d(blocks_for(n, 256), 256);
      const ArgValue a = random_floats(n, 71 + n);
      const ArgValue b = random_floats(n, 97 + n);
      double sum = 0;
      for (int i = 0; i < n; ++i) sum += static_cast<double>(a.floats[i]) * b.floats[i];
      ArgValue expected = zero_floats(1);
      expected.floats[0] = static_cast<float>(sum);
      test.args = {a, b, zero_floats(1), scalar(n)};
      test.expected = {std::nullopt, std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
