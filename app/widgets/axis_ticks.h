#pragma once
// Tick positions and labels for chart and timeline axes: "nice" steps (1, 2, 5 × 10^k) on linear
// axes, powers of ten on log axes. Plain math, testable.
#include <string>
#include <vector>

namespace cudalab::app::widgets {

// Ticks covering [low, high] with about `wanted` of them, on multiples of 1, 2 or 5 × 10^k.
std::vector<double> linear_ticks(double low, double high, int wanted);
// Powers of ten within [low, high] (both > 0); when the range spans less than a decade, falls back
// to linear ticks.
std::vector<double> log_ticks(double low, double high, int wanted);
// Short text for a tick: "0", "2.5", "1e+06" style kept short ("1M" is not used: units vary).
std::string format_tick(double value);

}  // namespace cudalab::app::widgets
