// Exercise "prefix_sum": an inclusive scan of ints within each block, in shared memory.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_prefix_sum_exercise() {
  Exercise e;
  e.id = "prefix_sum";
  e.title = "Running totals inside each block";
  e.chapter = "03_memory";
  e.kernel_name = "block_scan";
  e.params = {{"const int*", "a"}, {"int*", "out"}, {"int", "n"}};
  e.limits = {{"a", true, 1,
               "Adding up its own prefix from a costs a thread up to 256 reads. Read a once per thread into shared "
               "memory and build the totals there."},
              {"out", false, 1, "Each element of out is written once, when its total is complete."}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {256, 1000, 5000}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n % 256 ? "the last chunk is shorter" : "");
      test.launch = launch_1d(blocks_for(n, 256), 256);
      const ArgValue a = random_ints(n, 0, 9, 113 + n);
      ArgValue expected = zero_ints(n);
      for (int i = 0; i < n; ++i) expected.ints[i] = a.ints[i] + (i % 256 ? expected.ints[i - 1] : 0);
      test.args = {a, zero_ints(n), scalar(n)};
      test.expected = {std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
