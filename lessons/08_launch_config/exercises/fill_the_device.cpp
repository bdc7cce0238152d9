// Exercise "fill_the_device": the host asks the runtime how many blocks the device holds at once
// (SMs × resident blocks per SM) and launches exactly that many for a grid-stride kernel.
#include <algorithm>

#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_fill_the_device_exercise() {
  Exercise e;
  e.id = "fill_the_device";
  e.kind = ExerciseKind::host;
  e.title = "Launch as many blocks as the device holds";
  e.chapter = "08_launch_config";
  e.kernel_name = "saxpy_resident";
  e.params = {{"const float*", "x"}, {"float*", "y"}, {"int", "n"}, {"float", "a"}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {100000, 1, 1000}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n == 1 ? "one element" : n == 100000 ? "each thread takes several elements" : "");
      const float a = 2.5f;
      const ArgValue x = random_floats(n, 31 + n), y = random_floats(n, 37 + n);
      ArgValue expected = zero_floats(n);
      for (int i = 0; i < n; ++i) expected.floats[i] = a * x.floats[i] + y.floats[i];
      test.args = {x, y, scalar(n), scalar(a)};
      test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    tests.push_back(failing_launch_test({random_floats(1000, 41), random_floats(1000, 43), scalar(1000), scalar(2.5)}));
    return tests;
  };
  // Blocks of 256, as many as the device holds at once: SMs × what
  // cudaOccupancyMaxActiveBlocksPerMultiprocessor answers for 256 threads, worked out from the
  // facts as the emulator's runtime does (runtime/emu/host_runtime.cpp, max_active_blocks).
  e.host_rule = [](const emulated_runtime::Record& record, const DeviceFacts& facts, const TestCase&) -> Message {
    constexpr int kThreads = 256;
    int per_sm = 0;
    if (kThreads <= facts.max_threads_per_block && facts.warp_size > 0) {
      per_sm = facts.max_threads_per_sm / ((kThreads + facts.warp_size - 1) / facts.warp_size * facts.warp_size);
      if (facts.max_blocks_per_sm > 0) per_sm = std::min(per_sm, facts.max_blocks_per_sm);
    }
    const long long resident = static_cast<long long>(facts.sm_count) * per_sm;
    for (const emulated_runtime::Launch& launch : record.launches) {
      const auto threads = static_cast<long long>(launch.config.block.volume());
      const auto blocks = static_cast<long long>(launch.config.grid.volume());
      if (threads != kThreads)
        return message("saxpy_resident launches {} with blocks of {} threads; the exercise asks for blocks of 256",
                       as_is(launch.kernel), threads);
      if (blocks != resident)
        return message("saxpy_resident launches {} block{}; the device holds {} at once: {} SM{} "
                       "(cudaDevAttrMultiProcessorCount) × {} per SM (cudaOccupancyMaxActiveBlocksPerMultiprocessor, "
                       "blocks of 256 threads)",
                       blocks, as_is(blocks == 1 ? "" : "s"), resident, facts.sm_count, as_is(facts.sm_count == 1 ? "" : "s"),
                       per_sm);
    }
    return {};
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
