#include "in_words.h"

#include <cmath>

#include <fmt/format.h>

#include "text/say.h"

namespace cudalab::lessons {

namespace {

const char* const kBinaryUnits[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};

// Divides by 1024 until below it (or at TiB); returns the unit's index.
int scale_to_binary_unit(double* bytes) {
  int unit = 0;
  while (*bytes >= 1024 && unit < 4) *bytes /= 1024, ++unit;
  return unit;
}

}  // namespace

std::string bytes_in_words(double bytes) {
  const int unit = scale_to_binary_unit(&bytes);
  if (unit == 0) return say("{:.0f} bytes", bytes);
  return bytes == static_cast<double>(static_cast<long long>(bytes)) ? say("{:.0f} {}", bytes, kBinaryUnits[unit])
                                                                     : say("{:.1f} {}", bytes, kBinaryUnits[unit]);
}

std::string bytes_one_decimal(double bytes) {
  const int unit = scale_to_binary_unit(&bytes);
  return unit == 0 ? say("{:.0f} {}", bytes, kBinaryUnits[unit]) : say("{:.1f} {}", bytes, kBinaryUnits[unit]);
}

std::string bytes_three_digits(double bytes) {
  if (bytes >= 1024.0 * 1024 * 1024) return say("{:.3g} GiB", bytes / (1024.0 * 1024 * 1024));
  if (bytes >= 1024.0 * 1024) return say("{:.3g} MiB", bytes / (1024.0 * 1024));
  if (bytes >= 1024.0) return say("{:.3g} KiB", bytes / 1024.0);
  return say("{:.0f} bytes", bytes);
}

std::string microseconds_in_words(double microseconds, int ms_decimals) {
  if (microseconds >= 1000.0) return say("{:.{}f} ms", microseconds / 1000.0, ms_decimals);
  return say("{:.1f} µs", microseconds);
}

std::string milliseconds_in_words(double ms) {
  if (ms >= 1000) return say("{:.3f} s", ms / 1000);
  if (ms >= 1) return say("{:.3f} ms", ms);
  return say("{:.1f} µs", ms * 1000);
}

std::string milliseconds_three_digits(double ms) {
  if (ms < 1) return say("{:.1f} µs", ms * 1000);
  if (ms < 1000) return say("{:.3g} ms", ms);
  if (ms < 60'000) return say("{:.3g} s", ms / 1000);
  const int seconds = static_cast<int>(std::lround(ms / 1000));
  return say("{} min {} s", seconds / 60, seconds % 60);
}

std::string bandwidth_in_words(double gigabytes_per_second) {
  if (gigabytes_per_second >= 1000) return say("{:.2f} TB/s", gigabytes_per_second / 1000);
  if (gigabytes_per_second >= 1) return say("{:.1f} GB/s", gigabytes_per_second);
  return say("{:.0f} MB/s", gigabytes_per_second * 1000);
}

double gigabytes_per_second(double bytes, double ms) { return ms > 0 ? bytes / (ms * 1e-3) / 1e9 : 0; }

std::string flop_rate_in_words(double gflops) {
  if (gflops >= 1000) return say("{:.2f} TFLOP/s", gflops / 1000);
  if (gflops >= 10) return say("{:.0f} GFLOP/s", gflops);
  if (gflops >= 0.1) return say("{:.2f} GFLOP/s", gflops);
  return say("{:.2g} GFLOP/s", gflops);
}

std::string device_label(const DeviceFacts& facts) {
  if (facts.is_gpu()) return say("{} · {} · real GPU", as_is(facts.name), as_is(facts.arch()));
  const std::string why = facts.why_no_gpu.empty() ? word("chosen by you") : said(facts.why_no_gpu);
  return say("CPU emulator · {} · {} workers", why, facts.sm_count);
}

}  // namespace cudalab::lessons
