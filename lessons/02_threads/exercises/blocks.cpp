// Exercise "blocks": several blocks, n a multiple of the block, the global index.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_blocks_exercise() {
  Exercise e;
  e.id = "blocks";
  e.title = "Scale, block by block";
  e.chapter = "02_threads";
  e.kernel_name = "scale";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"float", "k"}};
  e.limits = {{"a", true, 1, "Each thread needs its one element of a: reading it twice is wasted memory traffic."},
              {"out", false, 1, "Each thread owns one element of out and stores it once."}};
  e.cases = [] {
    struct Size {
      unsigned blocks, threads;
      float k;
    };
    std::vector<TestCase> tests;
    for (const Size& s : {Size{4, 256, 2.5f}, Size{10, 128, -3.f}, Size{3, 512, 0.5f}}) {
      const std::size_t n = std::size_t{s.blocks} * s.threads;
      TestCase test;
      test.name = message("n = {}, {} blocks of {}", n, s.blocks, s.threads);
      test.launch = launch_1d(s.blocks, s.threads);
      const ArgValue a = random_floats(n, 31 + static_cast<std::uint32_t>(n));
      ArgValue expected = zero_floats(n);
      for (std::size_t i = 0; i < n; ++i) expected.floats[i] = s.k * a.floats[i];
      test.args = {a, zero_floats(n), scalar(s.k)};
      test.expected = {std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
