// Exercise "histogram": a privatised histogram. Each block counts its elements into a __shared__
// int[256] with atomicAdd, then adds its 256 bins to the global histogram: one atomicAdd per bin and
// block instead of one per element.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_histogram_exercise() {
  Exercise e;
  e.id = "histogram";
  e.title = "Histogram: private bins in shared memory, one atomicAdd per bin and block";
  e.chapter = "07_warps";
  e.kernel_name = "histogram";
  e.params = {{"const int*", "data"}, {"int*", "out"}, {"int", "n"}};
  // What the probe counts (probe.cuh): atomicAdd(&out[b], v) takes the element's address, and that
  // counts as one write of out by the thread, no read; an atomicAdd on the __shared__ bins is no
  // global access at all. With 256 threads per block and 256 bins, the privatised kernel writes out
  // at most once per thread (thread t adds bin t); one global atomicAdd per element writes it once per
  // element. The grid is fixed at 8 blocks of 256 whatever n, so in every test but the smallest some
  // thread has two elements or more, and the per-element kernel fails the limit on out.
  constexpr unsigned kThreads = 8 * 256;
  const AccessLimit no_read{"out", true, 0,
                            "atomicAdd(&out[b], count) adds without a read: a plain out[b] += count reads out, and "
                            "blocks that add to the same bin at the same time lose each other's counts."};
  const AccessLimit one_write{"out", false, 1,
                              "Thread t adds bin t of its block's bins with one atomicAdd: one write of out per thread. "
                              "One atomicAdd per element writes out once per element, and the whole grid waits on the "
                              "same 256 addresses."};
  // The limits are each test's (below); these are what `cudalab exercises` lists.
  e.limits = {{"data", true, 49, "At most ceil(n / 2048) reads of data per thread (49 for the largest test)."}, no_read,
              one_write};
  e.cases = [no_read, one_write] {
    struct Size {
      int n;
      bool skewed;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Size s : {Size{4096, false, "two elements per thread"}, Size{20, false, "fewer elements than a warp has lanes"},
                         Size{3000, false, "the second pass is partly idle"},
                         Size{100000, true, "skewed: half of the values are 0"}}) {
      TestCase test;
      test.name = test_name(message("n = {}", s.n), s.note);
      test.launch = launch_1d(8, 256);
      ArgValue data = random_ints(s.n, 0, 255, 211 + s.n);
      if (s.skewed)
        for (int i = 0; i < s.n; i += 2) data.ints[i] = 0;
      ArgValue expected = zero_ints(256);
      for (const int v : data.ints) ++expected.ints[v];
      // Each test's own limit on data: the grid-stride loop gives a thread ceil(n / 2048) elements.
      const unsigned per_thread = blocks_for(static_cast<std::size_t>(s.n), kThreads);
      test.limits = std::vector<AccessLimit>{
          {"data", true, per_thread, "",
           message("The 2048 threads of the grid share the {} elements: {} reads of data each at most, in a "
                   "grid-stride loop.",
                   s.n, per_thread)},
          no_read,
          one_write};
      test.args = {data, zero_ints(256), scalar(s.n)};
      test.expected = {std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
