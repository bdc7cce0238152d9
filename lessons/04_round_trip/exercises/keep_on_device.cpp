// Exercise "keep_on_device": two launches on one device array, with the data copied in once and
// out once — the round trip's copies paid once, however many kernels run in between.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_keep_on_device_exercise() {
  Exercise e;
  e.id = "keep_on_device";
  e.kind = ExerciseKind::host;
  e.title = "Keep the data on the device";
  e.chapter = "04_round_trip";
  e.kernel_name = "scale_twice";
  e.params = {{"const float*", "x"}, {"float*", "out"}, {"int", "n"}, {"float", "a"}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const int n : {1000, 1, 4099}) {
      TestCase test;
      test.name = test_name(message("n = {}", n), n == 1 ? "one element" : n % 256 ? "the last block is partly idle" : "");
      const float a = n == 1 ? -3.f : 1.5f;
      const ArgValue x = random_floats(n, 23 + n);
      ArgValue expected = zero_floats(n);
      // As the device computes it: (x * a) * a, one rounding per launch.
      for (int i = 0; i < n; ++i) expected.floats[i] = (x.floats[i] * a) * a;
      test.args = {x, zero_floats(n), scalar(n), scalar(a)};
      test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    tests.push_back(failing_launch_test({random_floats(1000, 29), zero_floats(1000), scalar(1000), scalar(1.5)}));
    return tests;
  };
  // The point of the exercise: x goes to the device once, the result comes back once, and the
  // two launches of scale work on the same device array in between.
  e.host_rule = [](const emulated_runtime::Record& record, const DeviceFacts&, const TestCase&) -> Message {
    const int to_device = record.copies_of_kind(1), back = record.copies_of_kind(2);
    if (to_device != 1 || back != 1)
      return message("scale_twice copies between host and device {} time{} ({} to the device, {} back); copy x in once, "
                     "run both launches on the same device array, and copy the result out once",
                     to_device + back, as_is(to_device + back == 1 ? "" : "s"), to_device, back);
    if (record.launches.size() != 2)
      return message("scale_twice launches scale {} time{}; the exercise asks for two launches of scale, one after the "
                     "other on the same device array",
                     record.launches.size(), as_is(record.launches.size() == 1 ? "" : "s"));
    return {};
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
