// Exercise "multi_block_scan": an inclusive scan of n ints longer than one block, written as host
// code — scan each block's chunk, scan the chunks' totals in one block, add them back: three
// launches on device arrays, with one copy in and one copy out, every call checked.
//
// Chapter 7, not chapter 3: chapter 3's prefix_sum is the one-block scan this builds on, but the
// host side (cudaMalloc, cudaMemcpy, cudaGetLastError, launches in stream order) is chapter 4's.
// Host-code checks run the program on the emulator without the kernel probe: no race detector and
// no access counts here, so what the rule can force it says about the launches and copies.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_multi_block_scan_exercise() {
  Exercise e;
  e.id = "multi_block_scan";
  e.kind = ExerciseKind::host;
  e.title = "A scan longer than a block: three launches";
  e.chapter = "07_warps";
  e.kernel_name = "scan";
  e.params = {{"const int*", "in"}, {"int*", "out"}, {"int", "n"}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {1000, 1, 256, 20000}) {
      TestCase test;
      const char* note = n == 1 ? "one element" : n == 256 ? "one full block" : "the last block is partly idle";
      test.name = test_name(message("n = {}", n), note);
      const ArgValue in = random_ints(n, -5, 9, 503 + n);
      ArgValue expected = zero_ints(n);
      for (int i = 0; i < n; ++i) expected.ints[i] = in.ints[i] + (i > 0 ? expected.ints[i - 1] : 0);
      test.args = {in, zero_ints(n), scalar(n)};
      test.expected = {std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    tests.push_back(failing_launch_test({random_ints(1000, -5, 9, 509), zero_ints(1000), scalar(1000)}));
    return tests;
  };
  // The point of the exercise: the chunks' totals are scanned on the device, by a launch, not
  // copied back to the host and added up there; and the first step gives every element a thread.
  e.host_rule = [](const emulated_runtime::Record& record, const DeviceFacts&, const TestCase& test) -> Message {
    const int to_device = record.copies_of_kind(1), back = record.copies_of_kind(2);
    if (to_device != 1 || back != 1)
      return message("scan copies between host and device {} time{} ({} to the device, {} back); copy in to the device "
                     "once, scan the chunks' totals where they are, on the device, and copy the result out once",
                     to_device + back, as_is(to_device + back == 1 ? "" : "s"), to_device, back);
    if (record.launches.size() != 3)
      return message("scan makes {} launch{}; the exercise asks for three, for every n: scan each chunk, scan the "
                     "chunks' totals, add the totals back",
                     record.launches.size(), as_is(record.launches.size() == 1 ? "" : "es"));
    const auto n = static_cast<std::uint64_t>(test.args[2].scalar);
    if (const std::uint64_t threads = record.launches[0].config.total_threads(); threads < n)
      return message("the first launch has {} threads for {} elements; each chunk of 256 elements is scanned by a block "
                     "of 256 threads, one thread per element",
                     threads, n);
    return {};
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
