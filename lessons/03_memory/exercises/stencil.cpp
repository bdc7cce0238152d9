// Exercise "stencil": a 1D average of radius 2, with the block's tile and halo in shared memory.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_stencil_exercise() {
  Exercise e;
  e.id = "stencil";
  e.title = "Average of five, with a halo";
  e.chapter = "03_memory";
  e.kernel_name = "average5";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "n"}};
  e.limits = {{"a", true, 2,
               "Five reads per thread load every element of a five times. Load the block's tile and its halo into "
               "shared memory once: one read per thread, two for the threads that also fetch a halo element."},
              {"out", false, 1, "Each element of out is written once."}};
  e.tolerance = 1e-4;  // the five terms may be added in any order
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {256, 1000, 4099, 5}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n < 256       ? "one block, mostly idle"
                                                   : n % 256 ? "the last block is partly idle"
                                                             : "");
      test.launch = launch_1d(blocks_for(n, 256), 256);
      const ArgValue a = random_floats(n, 53 + n);
      ArgValue expected = zero_floats(n);
      for (int i = 0; i < n; ++i) {
        float sum = 0.f;
        for (int j = i - 2; j <= i + 2; ++j)
          if (j >= 0 && j < n) sum += a.floats[j];
        expected.floats[i] = sum / 5.f;
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
