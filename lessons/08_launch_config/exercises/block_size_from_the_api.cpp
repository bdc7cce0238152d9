// Exercise "block_size_from_the_api": the host asks cudaOccupancyMaxPotentialBlockSize for the
// block size and launches ceil(n / block) blocks of it.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_block_size_from_the_api_exercise() {
  Exercise e;
  e.id = "block_size_from_the_api";
  e.kind = ExerciseKind::host;
  e.title = "Let the runtime pick the block size";
  e.chapter = "08_launch_config";
  e.kernel_name = "scale_all";
  e.params = {{"float*", "data"}, {"int", "n"}, {"float", "a"}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {5000, 1, 1024}) {
      TestCase test;
      // The notes are the emulator's: its runtime answers blocks of 1024.
      test.name = test_name(message("n = {}", n), n == 1 ? "one element" : n % 1024 ? "the last block is partly idle" : "every block full");
      const float a = -0.5f;
      const ArgValue data = random_floats(n, 47 + n);
      ArgValue expected = zero_floats(n);
      for (int i = 0; i < n; ++i) expected.floats[i] = data.floats[i] * a;
      test.args = {data, scalar(n), scalar(a)};
      test.expected = {expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    tests.push_back(failing_launch_test({random_floats(1000, 53), scalar(1000), scalar(-0.5)}));
    return tests;
  };
  // The block size the runtime answers (on the emulator: the most threads a block may have, the
  // kernel having no registers or shared memory to limit it), and just enough blocks for n.
  e.host_rule = [](const emulated_runtime::Record& record, const DeviceFacts& facts, const TestCase& test) -> Message {
    const long long n = static_cast<long long>(test.args[1].scalar);
    const long long answered = facts.max_threads_per_block;
    for (const emulated_runtime::Launch& launch : record.launches) {
      const auto threads = static_cast<long long>(launch.config.block.volume());
      const auto blocks = static_cast<long long>(launch.config.grid.volume());
      if (threads != answered)
        return message("scale_all launches {} with blocks of {} threads; cudaOccupancyMaxPotentialBlockSize answers {} on "
                       "this device",
                       as_is(launch.kernel), threads, answered);
      if (const long long needed = (n + threads - 1) / threads; blocks != needed)
        return message("scale_all launches {} blocks of {} threads for n = {}; the exercise asks for ceil(n / block) = {}",
                       blocks, threads, n, needed);
    }
    return {};
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
