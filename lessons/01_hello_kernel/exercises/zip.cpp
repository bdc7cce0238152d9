// Exercise "zip": two inputs, one output, one block of exactly n threads.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_zip_exercise() {
  Exercise e;
  e.id = "zip";
  e.title = "Add two arrays";
  e.chapter = "01_hello_kernel";
  e.kernel_name = "add";
  e.params = {{"const float*", "a"}, {"const float*", "b"}, {"float*", "out"}};
  e.limits = {
      {"a", true, 1, "Each thread needs one element of a: reading it again is wasted memory traffic."},
      {"b", true, 1, "Each thread needs one element of b: reading it again is wasted memory traffic."},
      {"out", false, 1, "Compute the sum, then store it once: every extra store to out is extra memory traffic."}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {64, 250, 1000}) {
      TestCase test;
      test.name = message("n = {}", n);
      test.launch = launch_1d(1, n);
      const ArgValue a = random_floats(n, 21 + n), b = random_floats(n, 22 + n);
      ArgValue expected = zero_floats(n);
      for (int i = 0; i < n; ++i) expected.floats[i] = a.floats[i] + b.floats[i];
      test.args = {a, b, zero_floats(n)};
      test.expected = {std::nullopt, std::nullopt, expected};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
