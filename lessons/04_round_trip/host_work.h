#pragma once
// Chapter 4's host side of the work: the polynomial's inputs, and the same polynomial computed by
// the CPU — the reference every kernel result is checked against, and the CPU contender of
// "when the GPU is worth it".
#include <cstddef>
#include <span>
#include <vector>

namespace cudalab::lessons::round_trip {

// Inputs in [0, 0.9): the polynomial 1 + x + x² + ... stays below 10 however many terms it has.
std::vector<float> polynomial_inputs(std::size_t count, unsigned seed);

// y[i] = 1 + x[i] + ... + x[i]^(terms - 1), by Horner's rule in float, on one CPU core.
void polynomial_on_cpu(std::span<const float> x, std::span<float> y, int terms);

// Elements of `y` further than the tolerance from the CPU's `expected` (relative; the GPU fuses
// each multiply-add, the CPU may not, so the last bits may differ).
std::size_t count_disagreements(std::span<const float> y, std::span<const float> expected);

// 1 KiB, 4 KiB, ..., up to and including `largest`: sizes of a sweep, by powers of `factor`.
std::vector<std::size_t> sizes_up_to(std::size_t smallest, std::size_t largest, std::size_t factor);

}  // namespace cudalab::lessons::round_trip
