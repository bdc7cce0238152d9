// Exercise "round_trip": the host side of the tutorial's four steps, written by the student —
// allocate, copy in, launch, copy out, free — and a failed launch noticed.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_round_trip_exercise() {
  Exercise e;
  e.id = "round_trip";
  e.kind = ExerciseKind::host;
  e.title = "The round trip, by hand";
  e.chapter = "04_round_trip";
  e.kernel_name = "add_on_device";
  e.params = {{"const float*", "x"}, {"const float*", "y"}, {"float*", "out"}, {"int", "n"}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {1000, 1, 65539}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n == 1 ? "one element" : n % 256 ? "the last block is partly idle" : "");
      const ArgValue x = random_floats(n, 11 + n), y = random_floats(n, 13 + n);
      ArgValue expected = zero_floats(n);
      for (int i = 0; i < n; ++i) expected.floats[i] = x.floats[i] + y.floats[i];
      test.args = {x, y, zero_floats(n), scalar(n)};
      test.expected = {std::nullopt, std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    tests.push_back(failing_launch_test({random_floats(1000, 17), random_floats(1000, 19), zero_floats(1000), scalar(1000)}));
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
