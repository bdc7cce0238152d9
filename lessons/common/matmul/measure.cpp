#include "measure.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <random>

#include <fmt/format.h>

#include "cpu_matmul.h"
#include "text/say.h"

namespace cudalab::lessons::matmul {

Matrix random_matrix(int n, unsigned seed) {
  Matrix m(static_cast<std::size_t>(std::max(n, 0)) * static_cast<std::size_t>(std::max(n, 0)));
  std::mt19937 random(seed);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  for (float& x : m) x = value(random);
  return m;
}

Status make_reference(const Matrix& a, const Matrix& b, int n, const RunControl* control, Reference* out) {
  Reference reference;
  reference.n = n;
  if (n <= kEveryRowUpTo) {
    for (int row = 0; row < n; ++row) reference.rows.push_back(row);
  } else {
    constexpr int kBand = 16;
    for (int band = 0; band * kBand < n; ++band) {
      const int row = band * kBand + band % kBand;
      if (row < n) reference.rows.push_back(row);
    }
    if (reference.rows.back() != n - 1) reference.rows.push_back(n - 1);
  }
  reference.values.resize(reference.rows.size() * static_cast<std::size_t>(n));
  std::function<bool()> keep_going;
  if (control) keep_going = [control] { return !control->cancel.load(); };
  if (!reference_mat_mul_rows(a.data(), b.data(), n, reference.rows, reference.values.data(), keep_going))
    return cancelled_status();
  *out = std::move(reference);
  return Status::success();
}

std::string reference_in_words(const Reference& reference) {
  if (reference.every_row()) return "float64, every element";
  return say("float64, {} of {} rows", reference.rows.size(), reference.n);
}

double relative_error(const Matrix& c, const Reference& reference) {
  const std::size_t n = static_cast<std::size_t>(reference.n);
  double worst = 0, largest = 0;
  for (std::size_t r = 0; r < reference.rows.size(); ++r) {
    const float* c_row = c.data() + static_cast<std::size_t>(reference.rows[r]) * n;
    const double* expected = reference.values.data() + r * n;
    for (std::size_t col = 0; col < n; ++col) {
      // A NaN must count as wrong: comparisons with NaN are false, so test it directly.
      const double error = std::isfinite(c_row[col]) ? std::abs(double(c_row[col]) - expected[col]) : INFINITY;
      worst = std::max(worst, error);
      largest = std::max(largest, std::abs(expected[col]));
    }
  }
  return largest > 0 ? worst / largest : worst;
}

double flops_of(int n) { return 2.0 * double(n) * double(n) * double(n); }

double gflops(int n, double ms) { return ms > 0 ? flops_of(n) / (ms * 1e6) : 0; }

RepeatPolicy device_repeats(const Device& device) {
  if (device.is_gpu()) return {1, 5, 20, 1000};
  return host_repeats();
}

RepeatPolicy host_repeats() { return {0, 1, 5, 1000}; }

Status repeat_measurement(const RepeatPolicy& policy, const RunControl* control,
                          const std::function<Status(std::vector<double>* samples_ms)>& once,
                          std::vector<Timing>* timings) {
  std::vector<std::vector<double>> samples(timings->size());
  // Medians of what was kept, also when stopped early (a cancelled run keeps its finished repeats).
  auto finish = [&](Status status) {
    for (std::size_t t = 0; t < samples.size(); ++t) {
      Timing& timing = (*timings)[t];
      timing.samples_ms = samples[t];
      timing.repeats = static_cast<int>(samples[t].size());
      timing.ms = median(samples[t]);
    }
    return status;
  };
  double spent_ms = 0;
  std::vector<double> one;
  for (int run = 0; run < policy.warmups + policy.most; ++run) {
    if (control && control->cancel.load()) return finish(cancelled_status());
    const bool warmup = run < policy.warmups;
    one.clear();
    const auto start = std::chrono::steady_clock::now();
    if (Status status = once(&one); !status.ok()) return finish(status);
    const double wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (one.size() != samples.size())
      return finish(Status::error(StatusCode::internal, "a measurement returned the wrong number of samples"));
    if (warmup) continue;
    for (std::size_t t = 0; t < one.size(); ++t) samples[t].push_back(one[t]);
    spent_ms += wall_ms;
    if (static_cast<int>(samples.front().size()) >= policy.fewest && spent_ms >= policy.budget_ms) break;
  }
  return finish(Status::success());
}

Status cancelled_status() { return Status::error(StatusCode::cancelled, "stopped on request; the rows finished so far are kept"); }

Status check_host_memory(double bytes, const std::string& what) {
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  double kib = 0;
  while (meminfo >> key) {
    if (key == "MemAvailable:") {
      meminfo >> kib;
      break;
    }
    meminfo.ignore(256, '\n');
  }
  if (kib <= 0) return Status::success();  // unknown: let the allocation itself decide
  const double available = kib * 1024;
  // Leave a quarter for everything else the machine is doing.
  if (bytes > 0.75 * available)
    return Status::error(StatusCode::out_of_memory,
                         say("{} needs {} of host memory; this machine has {} available", what,
                             bytes_three_digits(bytes), bytes_three_digits(available)));
  return Status::success();
}

}  // namespace cudalab::lessons::matmul
