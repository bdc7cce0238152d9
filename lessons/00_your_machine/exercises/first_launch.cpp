// Exercise "first_launch": the chapter's first launch written by the student — a device array,
// enough blocks of 128 threads to cover n, the launch checked, the result copied back and freed.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_first_launch_exercise() {
  Exercise e;
  e.id = "first_launch";
  e.kind = ExerciseKind::host;
  e.title = "A first launch, from the host";
  e.chapter = "00_your_machine";
  e.kernel_name = "squares_on_device";
  e.params = {{"int*", "out"}, {"int", "n"}};
  e.cases = [] {
    std::vector<TestCase> tests;
    // Up to 4000: 3999 * 3999 stays below 2^24, so each square is exact as a float too (host_check.cpp's
    // compare reads an expected int through a float).
    for (const int n : {1000, 1, 4000}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n == 1    ? "one element"
                                                  : n % 128 ? "the last block is partly idle"
                                                            : "");
      ArgValue expected = zero_ints(n);
      for (int i = 0; i < n; ++i) expected.ints[i] = i * i;
      test.args = {zero_ints(n), scalar(n)};
      test.expected = {expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    tests.push_back(failing_launch_test({zero_ints(1000), scalar(1000)}));
    return tests;
  };
  // The point of the exercise: the squares come from a launch of square, in blocks of 128 threads,
  // just enough of them to cover n (the chapter's launch, with its numbers worked out).
  e.host_rule = [](const emulated_runtime::Record& record, const DeviceFacts&, const TestCase& test) -> Message {
    if (record.launches.empty())
      return message("squares_on_device never launched square: the squares are the kernel's work, done on the device");
    const int n = static_cast<int>(test.args[1].scalar);
    const unsigned blocks = blocks_for(static_cast<std::size_t>(n), 128);
    for (const emulated_runtime::Launch& launch : record.launches) {
      const LaunchConfig& c = launch.config;
      if (c.block.x != 128 || c.block.y != 1 || c.block.z != 1 || c.grid.x != blocks || c.grid.y != 1 || c.grid.z != 1)
        return message(
            "square was launched as {} on line {}; the exercise asks for blocks of 128 threads, just enough "
            "of them to cover n = {}: <<<{}, 128>>>",
            as_is(c.str()), launch.line, n, blocks);
    }
    return {};
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
