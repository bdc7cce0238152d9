// Exercise "map": one block of exactly n threads, one element each (no guard needed yet).
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_map_exercise() {
  Exercise e;
  e.id = "map";
  e.title = "Square every element";
  e.chapter = "01_hello_kernel";
  e.kernel_name = "square";
  e.params = {{"const float*", "a"}, {"float*", "out"}};
  e.limits = {
      {"out", false, 1,
       "One thread, one element: a thread that loops over the whole array redoes the work of every other thread."}};
  e.cases = [] {
    std::vector<TestCase> tests;
    const std::vector<std::pair<int, const char*>> sizes{
        {32, "one warp"}, {100, ""}, {1024, "the most threads a block may have"}};
    for (const auto& [n, note] : sizes) {
      TestCase test;
      test.name = test_name(message("n = {}", n), note);
      test.launch = launch_1d(1, n);
      const ArgValue a = random_floats(n, 11 + n);
      ArgValue expected = zero_floats(n);
      for (int i = 0; i < n; ++i) expected.floats[i] = a.floats[i] * a.floats[i];
      test.args = {a, zero_floats(n)};
      test.expected = {std::nullopt, expected};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
