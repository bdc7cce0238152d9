#pragma once
// Building blocks for exercises' tests: inputs with known seeds, empty outputs, launches.
#include <cstdint>

#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

// `count` floats in [-10, 10) with two decimals (exact in float, easy to read in a verdict).
ArgValue random_floats(std::size_t count, std::uint32_t seed);
// `count` ints in [low, high].
ArgValue random_ints(std::size_t count, int low, int high, std::uint32_t seed);
// `count` multiples of 0.5 in [-4, 4]: every product and sum of a matrix multiply is exact in any
// order, with or without fused multiply-add, and a wrong element reads plainly; and they are not
// all whole, so a sum kept in an int (which drops the halves and quarters) comes out wrong.
ArgValue small_exact_floats(std::size_t count, std::uint32_t seed);
ArgValue zero_floats(std::size_t count, int width = 0);
ArgValue zero_ints(std::size_t count, int width = 0);
ArgValue scalar(double value);
LaunchConfig launch_1d(unsigned blocks, unsigned threads_per_block);
LaunchConfig launch_2d(unsigned blocks_x, unsigned blocks_y, unsigned threads_x, unsigned threads_y);
// A host-code test of n = 1000 in which every launch fails (cudaErrorLaunchOutOfResources): the
// function must notice and return an error; nothing else is compared. `args` as any test's.
TestCase failing_launch_test(std::vector<ArgValue> args);
// Blocks needed to cover `count` with `per_block`: ceil(count / per_block).
unsigned blocks_for(std::size_t count, unsigned per_block);

// The tests of the `transpose(in, out, rows, cols)` exercises (chapter 6's, and chapter 7's graded
// for speed): in is random (seeded from `seed` and the shape), out its transpose, blocks of 32 × 8
// threads over 32 × 32 tiles. transpose_tests: whole tiles, ragged tiles, one row, one column,
// wider than tall.
TestCase transpose_test(int rows, int cols, const char* note, std::uint32_t seed);
std::vector<TestCase> transpose_tests(std::uint32_t seed);

}  // namespace cudalab::lessons::exercises
