// Exercise "launch_check": a launch whose configuration the caller chooses, and the one question
// that tells whether it ran — cudaGetLastError() — asked and answered before anything is copied.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_launch_check_exercise() {
  Exercise e;
  e.id = "launch_check";
  e.kind = ExerciseKind::host;
  e.title = "Notice a launch that cannot run";
  e.chapter = "00_your_machine";
  e.kernel_name = "mark_blocks";
  e.params = {{"int*", "out"}, {"int", "blocks"}, {"int", "threads"}};
  e.cases = [] {
    struct Size {
      int blocks, threads;
      const char* note;
      int fail_launches;  // 0: the launch is left to the device
    };
    std::vector<TestCase> tests;
    // The made failure comes before the device's own refusal: a function that never asks is told
    // that it misses a failed launch; the refusal then checks which error comes back, and that
    // the early return still frees.
    for (const Size& s : {Size{4, 128, "", 0}, Size{3, 100, "blocks that are not whole warps", 0},
                          Size{4, 128, "the launch fails", 701},  // cudaErrorLaunchOutOfResources
                          Size{2, 2048, "more threads per block than the device allows", 0}}) {
      const std::size_t count = static_cast<std::size_t>(s.blocks) * static_cast<std::size_t>(s.threads);
      const bool refused = s.threads > 1024;  // the most threads a block may have, on every device since 2010
      TestCase test;
      test.name = test_name(message("{} blocks of {} threads", s.blocks, s.threads), s.note);
      ArgValue expected = zero_ints(count);
      if (!refused) expected.ints.assign(count, 1);
      test.args = {zero_ints(count), scalar(s.blocks), scalar(s.threads)};
      test.expected = {expected, std::nullopt, std::nullopt};
      // A refused launch: cudaErrorInvalidConfiguration comes back, and out stays as the host gave it.
      if (refused) test.expected_return = 9;
      if (s.fail_launches != 0) {
        test.expected = {std::nullopt, std::nullopt, std::nullopt};
        test.fail_launches = s.fail_launches;
      }
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
