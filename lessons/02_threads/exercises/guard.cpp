// Exercise "guard": a map over a ragged array (n not a multiple of the block).
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_guard_exercise() {
  Exercise e;
  e.id = "guard";
  e.title = "Add ten, with a guard";
  e.chapter = "02_threads";
  e.kernel_name = "add_ten";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "n"}};
  e.limits = {{"a", true, 1, "Each thread needs its one element of a: reading it twice is wasted memory traffic."}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {256, 1000, 4097}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n % 256 ? "the last block is partly idle" : "");
      test.launch = launch_1d(blocks_for(n, 256), 256);
      const ArgValue a = random_floats(n, 7 + n);
      ArgValue expected = zero_floats(n);
      for (int i = 0; i < n; ++i) expected.floats[i] = a.floats[i] + 10.f;
      test.args = {a, zero_floats(n), scalar(n)};
      test.expected = {std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
