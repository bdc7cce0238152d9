#include "host_work.h"

#include <cmath>

#include "common/measuring.h"

namespace cudalab::lessons::round_trip {

std::vector<float> polynomial_inputs(std::size_t count, unsigned seed) {
  std::vector<float> x = random_inputs(count, seed);  // in [1, 2)
  for (float& v : x) v = (v - 1.0f) * 0.9f;
  return x;
}

void polynomial_on_cpu(std::span<const float> x, std::span<float> y, int terms) {
  for (std::size_t i = 0; i < x.size(); ++i) {
    float sum = 0.0f;
    for (int k = 0; k < terms; ++k) sum = sum * x[i] + 1.0f;
    y[i] = sum;
  }
}

std::size_t count_disagreements(std::span<const float> y, std::span<const float> expected) {
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < y.size(); ++i) {
    // Values lie in [1, 10); a fused and an unfused multiply-add differ by a few units in the
    // last place per term, damped by x < 0.9.
    if (!(std::fabs(y[i] - expected[i]) <= 1e-4f * std::fabs(expected[i]))) ++wrong;
  }
  return wrong;
}

std::vector<std::size_t> sizes_up_to(std::size_t smallest, std::size_t largest, std::size_t factor) {
  std::vector<std::size_t> sizes;
  for (std::size_t size = smallest; size < largest; size *= factor) sizes.push_back(size);
  sizes.push_back(largest);
  return sizes;
}

}  // namespace cudalab::lessons::round_trip
