// Exercise "grid_stride": a fixed grid of 512 threads over n up to 5120 (a grid-stride loop).
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

// Every test keeps 512 threads and 4608 < n <= 5120, so that ceil(n / 512) = 10 in each: the
// limits below are that share (an AccessLimit holds for the whole exercise, not per test).
constexpr unsigned kShare = 10;

Exercise make_grid_stride_exercise() {
  Exercise e;
  e.id = "grid_stride";
  e.title = "Halve, with a grid-stride loop";
  e.chapter = "02_threads";
  e.kernel_name = "halve";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "n"}};
  e.limits = {
      {"a", true, kShare,
       "512 threads share at most 5120 elements: a thread that reads a more than 10 times redoes other threads' work."},
      {"out", false, kShare,
       "512 threads share at most 5120 elements: a thread that writes out more than 10 times redoes other threads' "
       "work."}};
  e.cases = [] {
    struct Size {
      int n;
      unsigned blocks, threads;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Size& s :
         {Size{5120, 4, 128, "10 elements per thread"}, Size{5000, 4, 128, "the last pass covers part of the grid"},
          Size{4609, 8, 64, "one thread has a 10th element"},
          Size{4700, 2, 256, "the last pass covers part of the grid"}}) {
      TestCase test;
      test.name = test_name(message("n = {}, {} blocks of {}", s.n, s.blocks, s.threads), s.note);
      test.launch = launch_1d(s.blocks, s.threads);
      const ArgValue a = random_floats(static_cast<std::size_t>(s.n), 61 + static_cast<std::uint32_t>(s.n));
      ArgValue expected = zero_floats(static_cast<std::size_t>(s.n));
      for (int i = 0; i < s.n; ++i) expected.floats[i] = a.floats[i] / 2.f;
      test.args = {a, zero_floats(static_cast<std::size_t>(s.n)), scalar(s.n)};
      test.expected = {std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
