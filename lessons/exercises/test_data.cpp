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

}  // namespace cudalab::lessons::exercises
