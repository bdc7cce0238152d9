#include "exercises/test_data.h"

#include "cudalab/message_format.h"

#include <random>

namespace cudalab::lessons::exercises {

ArgValue random_floats(std::size_t count, std::uint32_t seed) {
  std::mt19937 generator(seed);
  std::uniform_int_distribution<int> hundredths(-1000, 999);
  ArgValue value;
  value.floats.resize(count);
  for (float& x : value.floats) x = static_cast<float>(hundredths(generator)) / 100.f;
  return value;
}

ArgValue random_ints(std::size_t count, int low, int high, std::uint32_t seed) {
  std::mt19937 generator(seed);
  std::uniform_int_distribution<int> pick(low, high);
  ArgValue value;
  value.ints.resize(count);
  for (int& x : value.ints) x = pick(generator);
  return value;
}

ArgValue small_exact_floats(std::size_t count, std::uint32_t seed) {
  const ArgValue halves = random_ints(count, -8, 8, seed);
  ArgValue value;
  value.floats.reserve(count);
  for (const int h : halves.ints) value.floats.push_back(static_cast<float>(h) * 0.5f);
  return value;
}

ArgValue zero_floats(std::size_t count, int width) {
  ArgValue value;
  value.floats.assign(count, 0.f);
  value.width = width;
  return value;
}

ArgValue zero_ints(std::size_t count, int width) {
  ArgValue value;
  value.ints.assign(count, 0);
  value.width = width;
  return value;
}

ArgValue scalar(double v) {
  ArgValue value;
  value.scalar = v;
  return value;
}

LaunchConfig launch_1d(unsigned blocks, unsigned threads_per_block) {
  LaunchConfig config;
  config.grid = {blocks, 1, 1};
  config.block = {threads_per_block, 1, 1};
  return config;
}

LaunchConfig launch_2d(unsigned blocks_x, unsigned blocks_y, unsigned threads_x, unsigned threads_y) {
  LaunchConfig config;
  config.grid = {blocks_x, blocks_y, 1};
  config.block = {threads_x, threads_y, 1};
  return config;
}

unsigned blocks_for(std::size_t count, unsigned per_block) {
  return static_cast<unsigned>((count + per_block - 1) / per_block);
}

TestCase failing_launch_test(std::vector<ArgValue> args) {
  TestCase failing;
  failing.name = test_name(message("n = {}", 1000), "the launch fails");
  failing.expected.assign(args.size(), std::nullopt);
  failing.args = std::move(args);
  failing.fail_launches = 701;  // cudaErrorLaunchOutOfResources
  return failing;
}

TestCase transpose_test(int rows, int cols, const char* note, std::uint32_t seed) {
  TestCase test;
  test.name = test_name(message("in of {} × {}", rows, cols), note);
  test.launch = launch_2d(blocks_for(cols, 32), blocks_for(rows, 32), 32, 8);
  const std::size_t count = static_cast<std::size_t>(rows) * cols;
  ArgValue in = random_floats(count, seed + static_cast<std::uint32_t>(rows * 3 + cols));
  in.width = cols;
  ArgValue expected = zero_floats(count, rows);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      expected.floats[static_cast<std::size_t>(c) * rows + r] = in.floats[static_cast<std::size_t>(r) * cols + c];
  test.args = {in, zero_floats(count, rows), scalar(rows), scalar(cols)};
  test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
  return test;
}

std::vector<TestCase> transpose_tests(std::uint32_t seed) {
  struct Shape {
    int rows, cols;
    const char* note;
  };
  std::vector<TestCase> tests;
  for (const Shape s : {Shape{64, 96, "whole tiles"}, Shape{100, 37, "ragged: the last tiles are partly outside"},
                        Shape{1, 1000, "one row"}, Shape{777, 1, "one column"},
                        Shape{45, 200, "ragged, wider than tall"}})
    tests.push_back(transpose_test(s.rows, s.cols, s.note, seed));
  return tests;
}

}  // namespace cudalab::lessons::exercises
