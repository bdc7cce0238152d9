// Exercise "ballot_count": count the elements above a threshold with one vote per warp
// (__ballot_sync, __popc) and one atomicAdd per warp.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_ballot_count_exercise() {
  Exercise e;
  e.id = "ballot_count";
  e.title = "Count with a ballot: one atomicAdd per warp";
  e.chapter = "07_warps";
  e.kernel_name = "count_above";
  e.params = {{"const int*", "a"}, {"int*", "out"}, {"int", "n"}, {"int", "threshold"}};
  // An atomicAdd counts as one write of out by the thread that makes it, so these limits cannot
  // tell one atomic per warp from one per element: the statement says so.
  e.limits = {{"a", true, 1, "Each thread votes on one element: it needs its element of a once."},
              {"out", true, 0,
               "A plain out[0] += count reads out[0], and warps that add at the same time lose each other's counts: "
               "atomicAdd(&out[0], count) never needs a read."},
              {"out", false, 1, "Lane 0 adds its warp's count with one atomicAdd: no thread writes out twice."}};
  e.cases = [] {
    struct Size {
      int n;
      int threshold;
    };
    std::vector<TestCase> tests;
    for (const Size s : {Size{256, 0}, Size{20, 50}, Size{1000, -30}, Size{100000, 25}}) {
      TestCase test;
      const char* note = s.n < 32    ? "fewer elements than a warp has lanes"
                         : s.n % 256 ? "the last block is partly idle"
                                     : "";
      test.name = test_name(message("n = {}, threshold {}", s.n, s.threshold), note);
      test.launch = launch_1d(blocks_for(s.n, 256), 256);
      const ArgValue a = random_ints(s.n, -100, 100, 173 + s.n);
      ArgValue expected = zero_ints(1);
      for (const int x : a.ints) expected.ints[0] += x > s.threshold ? 1 : 0;
      test.args = {a, zero_ints(1), scalar(s.n), scalar(s.threshold)};
      test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
