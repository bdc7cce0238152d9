// Exercise "map2d": one 2D block larger than a square matrix; the guard needs both axes.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_map2d_exercise() {
  Exercise e;
  e.id = "map2d";
  e.title = "Add one to a matrix";
  e.chapter = "02_threads";
  e.kernel_name = "plus_one";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "size"}};
  e.limits = {{"a", true, 1, "Each thread needs its one element of a: reading it twice is wasted memory traffic."},
              {"out", false, 1, "Each thread owns one element of out and stores it once."}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int size : {32, 20, 7}) {
      const auto n = static_cast<std::size_t>(size) * size;
      TestCase test;
      test.name = test_name(message("size = {}", size), size < 32 ? "threads to the right of and below the matrix"
                                                                     : "the block fits the matrix");
      test.launch = launch_2d(1, 1, 32, 32);
      ArgValue a = random_floats(n, 41 + size);
      a.width = size;
      ArgValue expected = zero_floats(n, size);
      for (std::size_t i = 0; i < n; ++i) expected.floats[i] = a.floats[i] + 1.f;
      test.args = {a, zero_floats(n, size), scalar(size)};
      test.expected = {std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
