// Exercise "batch_transfers": rule 2, minimize transfers, in host code. normalize_all gets host
// arrays and must run the given kernel normalize on the device with one cudaMemcpy each way: all
// n floats of x in with one call, all of out back with one, never a copy per element.
//
// What the grader sees of rule 2: the emulated runtime's record of every copy (its direction, its
// bytes, its line). It cannot see the time a copy costs: on the emulator a copy is a memcpy within
// the same RAM, so a copy per element is cheap there; on a GPU each one pays the bus's fixed cost
// (the chapter's transfers step).
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_batch_transfers_exercise() {
  Exercise e;
  e.id = "batch_transfers";
  e.kind = ExerciseKind::host;
  e.title = "Rule 2: one copy in, one copy out";
  e.chapter = "09_six_rules";
  e.kernel_name = "normalize_all";
  e.params = {{"const float*", "x"}, {"float*", "out"}, {"int", "n"}, {"float", "scale"}, {"float", "shift"}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {1000, 1, 4099}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n == 1 ? "one element" : n % 256 ? "the last block is partly idle" : "");
      const float scale = n == 1 ? -2.f : 0.1f;
      const float shift = n == 1 ? 3.f : 1.5f;
      const ArgValue x = random_floats(n, 41 + n);
      ArgValue expected = zero_floats(n);
      // As the device computes it: one float subtraction, then one float multiplication.
      for (int i = 0; i < n; ++i) expected.floats[i] = (x.floats[i] - shift) * scale;
      test.args = {x, zero_floats(n), scalar(n), scalar(scale), scalar(shift)};
      test.expected = {std::nullopt, expected, std::nullopt, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    tests.push_back(failing_launch_test({random_floats(1000, 43), zero_floats(1000), scalar(1000), scalar(0.1), scalar(1.5)}));
    return tests;
  };
  // The point of the exercise: at most one copy each way, whatever n is (a copy per element, or per
  // chunk, breaks it), and the work done on the device by the given kernel.
  e.host_rule = [](const emulated_runtime::Record& record, const DeviceFacts&, const TestCase&) -> Message {
    const int to_device = record.copies_of_kind(1), back = record.copies_of_kind(2);
    if (to_device > 1 || back > 1)
      return message("normalize_all copies from the host to the device {} time{} and back {} time{}; every copy pays the "
                     "bus's fixed cost, however few bytes it moves: copy all n floats of x in with one cudaMemcpy, and "
                     "all of out back with one",
                     to_device, as_is(to_device == 1 ? "" : "s"), back, as_is(back == 1 ? "" : "s"));
    if (record.launches.empty())
      return message("normalize_all never launches `normalize`; the exercise asks for the work on the device, by the "
                     "given kernel");
    return {};
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
