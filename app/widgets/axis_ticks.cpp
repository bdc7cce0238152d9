#include "widgets/axis_ticks.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace cudalab::app::widgets {

std::vector<double> linear_ticks(double low, double high, int wanted) {
  std::vector<double> ticks;
  if (!(high > low) || !std::isfinite(low) || !std::isfinite(high)) {
    if (std::isfinite(low)) ticks.push_back(low);
    return ticks;
  }
  wanted = std::max(wanted, 2);
  const double raw_step = (high - low) / wanted;
  const double magnitude = std::pow(10.0, std::floor(std::log10(raw_step)));
  double step = magnitude;
  for (double multiple : {1.0, 2.0, 5.0, 10.0}) {
    step = multiple * magnitude;
    if (step >= raw_step) break;
  }
  const double first = std::ceil(low / step - 1e-9) * step;
  for (double tick = first; tick <= high + step * 1e-9; tick += step) {
    ticks.push_back(std::abs(tick) < step * 1e-9 ? 0.0 : tick);  // no "-0" or 1e-17 labels
    if (ticks.size() > 100) break;
  }
  return ticks;
}

std::vector<double> log_ticks(double low, double high, int wanted) {
  if (!(low > 0) || !(high > low)) return linear_ticks(low, high, wanted);
  const int first = static_cast<int>(std::ceil(std::log10(low) - 1e-9));
  const int last = static_cast<int>(std::floor(std::log10(high) + 1e-9));
  if (last - first < 1) return linear_ticks(low, high, wanted);
  const int stride = std::max(1, (last - first + 1 + wanted - 1) / std::max(wanted, 1));
  std::vector<double> ticks;
  for (int exponent = first; exponent <= last; exponent += stride) ticks.push_back(std::pow(10.0, exponent));
  return ticks;
}

std::string format_tick(double value) {
  char text[32];
  const double magnitude = std::abs(value);
  if (value == 0.0) return "0";
  if (magnitude >= 1e6 || magnitude < 1e-3) {
    std::snprintf(text, sizeof(text), "%.0e", value);
    // "1e+06" -> "1e6": shorter on a crowded axis.
    std::string out = text;
    const auto e = out.find('e');
    if (e != std::string::npos) {
      std::string exponent = out.substr(e + 1);
      const bool negative = exponent.front() == '-';
      exponent.erase(0, exponent.find_first_not_of("+-0"));
      out = out.substr(0, e) + "e" + (negative ? "-" : "") + (exponent.empty() ? "0" : exponent);
    }
    return out;
  }
  if (value == std::round(value)) {
    std::snprintf(text, sizeof(text), "%.0f", value);  // 50000, not 5e+04
  } else {
    std::snprintf(text, sizeof(text), "%.3g", value);
  }
  return text;
}

}  // namespace cudalab::app::widgets
