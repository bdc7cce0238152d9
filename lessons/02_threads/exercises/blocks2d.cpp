// Exercise "blocks2d": a 2D grid of 2D blocks over a rows × cols image, ragged on both axes.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_blocks2d_exercise() {
  Exercise e;
  e.id = "blocks2d";
  e.title = "Invert an image";
  e.chapter = "02_threads";
  e.kernel_name = "invert";
  e.params = {{"const float*", "a"}, {"float*", "out"}, {"int", "rows"}, {"int", "cols"}};
  e.limits = {{"a", true, 1, "Each thread needs its one pixel of a: reading it twice is wasted memory traffic."},
              {"out", false, 1, "One thread per pixel: each thread stores its own pixel of out once."}};
  e.cases = [] {
    std::vector<TestCase> tests;
    for (const auto& [rows, cols] : std::vector<std::pair<int, int>>{{48, 64}, {50, 70}, {33, 17}, {3, 100}}) {
      const auto n = static_cast<std::size_t>(rows) * cols;
      TestCase test;
      test.name = test_name(message("{} × {}", rows, cols),
                            rows % 16 == 0 && cols % 16 == 0 ? "whole blocks" : "blocks hang over the edges");
      test.launch = launch_2d(blocks_for(cols, 16), blocks_for(rows, 16), 16, 16);
      ArgValue a = random_floats(n, 71 + static_cast<std::uint32_t>(rows * 1000 + cols));
      a.width = cols;
      ArgValue expected = zero_floats(n, cols);
      for (std::size_t i = 0; i < n; ++i) expected.floats[i] = 1.f - a.floats[i];
      test.args = {a, zero_floats(n, cols), scalar(rows), scalar(cols)};
      test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
