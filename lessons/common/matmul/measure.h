#pragma once
// How chapters 5 and 6 measure a matrix product: random inputs, a float64 answer to check every
// result against before its time is believed, repeats with a median, and words for the numbers.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "common/in_words.h"
#include "lesson.h"

namespace cudalab::lessons::matmul {

using Matrix = std::vector<float>;

// An n × n matrix of random floats in [-1, 1), from a seed so that a run can be repeated. Never
// all zero: a kernel that writes nothing must not pass by accident.
Matrix random_matrix(int n, unsigned seed);

// The float64 answer for some rows of C: all of them when n ≤ kEveryRowUpTo, else one row in each
// band of 16 (a different row within each band, so every block row of every tiling is checked),
// plus the last row.
struct Reference {
  int n = 0;
  std::vector<int> rows;
  std::vector<double> values;  // rows.size() × n
  bool every_row() const { return rows.size() == static_cast<std::size_t>(n); }
};
inline constexpr int kEveryRowUpTo = 2048;
// Fails only when cancelled through `control` (may be null).
Status make_reference(const Matrix& a, const Matrix& b, int n, const RunControl* control, Reference* out);
// "float64, every element" / "float64, 257 of 4096 rows"
std::string reference_in_words(const Reference& reference);

// The largest |c − reference| over the checked rows, divided by the largest |reference| there.
double relative_error(const Matrix& c, const Reference& reference);
// A float sum of n products of numbers in [-1, 1) stays orders of magnitude below this (about
// 1e-6 at n = 1024); a kernel with a bug lands far above it.
inline constexpr double kBelievedError = 1e-3;

// 2n³ floating-point operations (n³ multiplies and n³ adds) per product.
double flops_of(int n);
double gflops(int n, double ms);  // 0 when ms is not positive
// Rates, times and sizes in words: flop_rate_in_words, milliseconds_three_digits and
// bytes_three_digits (common/in_words.h).

// How often to repeat a measurement: warm-up runs (not kept), then timed runs until `budget_ms`
// is spent, at least `fewest` and at most `most` of them.
struct RepeatPolicy {
  int warmups = 0;
  int fewest = 1;
  int most = 5;
  double budget_ms = 1000;
};
// A GPU: one warm-up, then 5 to 20 runs (its runs are short and its clock precise). The emulator
// and the CPU: no warm-up when a run is long (it would double the wait), 1 to 5 runs.
RepeatPolicy device_repeats(const Device& device);
RepeatPolicy host_repeats();

// Calls `once` as the policy says; `once` appends one sample (ms) per timing, in the order of
// `timings` (whose labels and sources the caller sets). Each timing gets the median of its
// samples. Stops with StatusCode::cancelled when `control` asks (control may be null); the
// timings then hold the repeats finished before (repeats may be 0).
Status repeat_measurement(const RepeatPolicy& policy, const RunControl* control,
                          const std::function<Status(std::vector<double>* samples_ms)>& once,
                          std::vector<Timing>* timings);

Status cancelled_status();

// Host memory (MemAvailable) checked before a big allocation: too big is a message, not a crash.
Status check_host_memory(double bytes, const std::string& what);

}  // namespace cudalab::lessons::matmul
