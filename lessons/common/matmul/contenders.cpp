#include "contenders.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>

#include "cpu_matmul.h"
#include "cublas_sgemm.h"
#include "text/say.h"

namespace cudalab::lessons::matmul {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The triple loop, band of rows by band of rows, so a run of minutes reports progress and can be
// stopped. A band is about 2²² multiply-adds (a few to tens of milliseconds).
ContenderResult measure_cpu_loop(const RaceInputs& in, bool optimized, const RunControl* control,
                                 const std::function<void(double)>& progress, Matrix* c) {
  const auto rows = optimized ? cpu_mat_mul_rows : cpu_mat_mul_rows_unoptimized;
  ContenderResult result;
  const int n = in.n;
  const int rows_per_band = std::max(1, static_cast<int>((1LL << 22) / (static_cast<long long>(n) * n)));
  bool first = true;
  auto once = [&](std::vector<double>* samples) -> Status {
    const auto start = Clock::now();
    for (int row = 0; row < n; row += rows_per_band) {
      if (control && control->cancel.load()) {
        const double spent = ms_since(start);
        if (first && row > 0) {
          result.estimate_ms = spent * n / row;
          result.note = say("stopped after {} of {} rows in {}; the whole loop would take about {}", row, n,
                            milliseconds_three_digits(spent), milliseconds_three_digits(result.estimate_ms));
        }
        return cancelled_status();
      }
      rows(in.a->data(), in.b->data(), c->data(), n, row, std::min(row + rows_per_band, n));
      if (first && progress) progress(double(std::min(row + rows_per_band, n)) / n);
    }
    samples->push_back(ms_since(start));
    first = false;
    return Status::success();
  };
  result.compute = {optimized ? "cpu_mat_mul" : "cpu_mat_mul -O0", 0, TimingSource::host_clock};
  std::vector<Timing> timings{result.compute};
  const Status status = repeat_measurement(host_repeats(), control, once, &timings);
  result.compute = timings[0];
  if (status.code == StatusCode::cancelled && result.compute.repeats == 0) {
    result.outcome = ContenderResult::Outcome::cancelled;
    if (result.note.empty()) result.note = "stopped before it finished";
    return result;
  }
  result.outcome = ContenderResult::Outcome::measured;
  return result;
}

}  // namespace

std::string contender_name(const ContenderSpec& spec) {
  switch (spec.contender) {
    case Contender::cpu_loop: return "cpu_mat_mul (triple loop, 1 core, compiled with optimization)";
    case Contender::cpu_loop_unoptimized: return "cpu_mat_mul built -O0 (the same loop, optimizer off, 1 core)";
    case Contender::cpu_optimized:
      return say("cpu_mat_mul_optimized (blocked, vectorized, {} core{})", cpu_cores(), cpu_cores() == 1 ? "" : "s");
    case Contender::naive_row_from_x:
      return say("host_naive: mat_mul_naive_kernel, row from x, {} × {} threads", spec.edge, spec.edge);
    case Contender::naive_coalesced:
      return say("host_naive: mat_mul_coalesced_kernel, column from x, {} × {} threads", spec.edge, spec.edge);
    case Contender::shared_tiles:
      return say("host_optimized: mat_mul_shared_kernel, {} × {} tiles", spec.edge, spec.edge);
    case Contender::cublas: return "cuBLAS SGEMM (end of this road)";
  }
  return "?";
}

std::string contender_label(const ContenderSpec& spec) {
  switch (spec.contender) {
    case Contender::cpu_loop: return "CPU loop";
    case Contender::cpu_loop_unoptimized: return "CPU loop -O0";
    case Contender::cpu_optimized: return "CPU optimized";
    case Contender::naive_row_from_x: return "row = x";
    case Contender::naive_coalesced: return "col = x";
    case Contender::shared_tiles: return say("tiles {}", spec.edge);
    case Contender::cublas: return "cuBLAS";
  }
  return "?";
}

std::string contender_short_name(const ContenderSpec& spec) {
  switch (spec.contender) {
    case Contender::cpu_loop: return "cpu_mat_mul";
    case Contender::cpu_loop_unoptimized: return "cpu_mat_mul, -O0";
    case Contender::cpu_optimized: return "cpu_mat_mul_optimized";
    case Contender::naive_row_from_x: return "host_naive, row from x";
    case Contender::naive_coalesced: return "host_naive, column from x";
    case Contender::shared_tiles: return say("host_optimized, {} × {} tiles", spec.edge, spec.edge);
    case Contender::cublas: return "cuBLAS SGEMM";
  }
  return "?";
}

bool runs_on_device(Contender contender) { return !is_triple_loop(contender) && contender != Contender::cpu_optimized; }

bool is_triple_loop(Contender contender) {
  return contender == Contender::cpu_loop || contender == Contender::cpu_loop_unoptimized;
}

double ContenderResult::gflops() const {
  return outcome == Outcome::measured ? matmul::gflops(n, compute.ms) : 0;
}

const char* to_string(ContenderResult::Outcome outcome) {
  switch (outcome) {
    case ContenderResult::Outcome::measured: return "measured";
    case ContenderResult::Outcome::wrong: return "wrong";
    case ContenderResult::Outcome::skipped: return "skipped";
    case ContenderResult::Outcome::cancelled: return "cancelled";
    case ContenderResult::Outcome::failed: return "failed";
  }
  return "?";
}

ContenderResult measure_contender(Device& device, const ContenderSpec& spec, const RaceInputs& in,
                                  const RunControl* control, const std::function<void(double)>& progress) {
  ContenderResult result;
  Matrix c(in.a->size(), 0.0f);
  const int n = in.n;

  if (is_triple_loop(spec.contender)) {
    result = measure_cpu_loop(in, spec.contender == Contender::cpu_loop, control, progress, &c);
  } else if (spec.contender == Contender::cpu_optimized) {
    result.compute = {"cpu_mat_mul_optimized", 0, TimingSource::host_clock};
    std::vector<Timing> timings{result.compute};
    const Status status = repeat_measurement(host_repeats(), control,
                                             [&](std::vector<double>* samples) {
                                               const auto start = Clock::now();
                                               cpu_mat_mul_optimized(in.a->data(), in.b->data(), c.data(), n);
                                               samples->push_back(ms_since(start));
                                               return Status::success();
                                             },
                                             &timings);
    result.compute = timings[0];
    result.outcome = status.code == StatusCode::cancelled && result.compute.repeats == 0
                         ? ContenderResult::Outcome::cancelled
                         : ContenderResult::Outcome::measured;
  } else {
    if (spec.contender == Contender::cublas) {
      if (!device.is_gpu()) {
        result.spec = spec;
        result.n = n;
        result.note = "cuBLAS is a GPU library: there is none on the emulator";
        return result;
      }
      if (!cublas_library().loaded) {
        result.spec = spec;
        result.n = n;
        result.note = say(cublas_library().why_not);
        return result;
      }
    }
    auto enqueue_once = [&](std::vector<double>* samples) -> Status {
      HostTimes times;
      switch (spec.contender) {
        case Contender::naive_row_from_x:
          CUDALAB_RETURN_IF_ERROR(host_naive(device, in.a->data(), in.b->data(), c.data(), n, NaiveMapping::row_from_x,
                                             static_cast<unsigned>(spec.edge), &times));
          break;
        case Contender::naive_coalesced:
          CUDALAB_RETURN_IF_ERROR(host_naive(device, in.a->data(), in.b->data(), c.data(), n,
                                             NaiveMapping::column_from_x, static_cast<unsigned>(spec.edge), &times));
          break;
        case Contender::shared_tiles:
          CUDALAB_RETURN_IF_ERROR(host_optimized(device, in.a->data(), in.b->data(), c.data(), n, spec.edge, &times));
          break;
        default:
          CUDALAB_RETURN_IF_ERROR(run_on_device(
              device, in.a->data(), in.b->data(), c.data(), n,
              [&](const float* da, const float* db, float* dc) { return cublas_sgemm(device, da, db, dc, n); }, &times));
      }
      samples->push_back(times.kernel_ms);
      samples->push_back(times.with_copies_ms);
      return Status::success();
    };
    std::vector<Timing> timings{{spec.contender == Contender::cublas ? "cublasSgemm" : "kernel", 0, device.timing_source()},
                                {"copies in + kernel + copy out", 0, device.timing_source()}};
    const Status status = repeat_measurement(device_repeats(device), control, enqueue_once, &timings);
    result.compute = timings[0];
    result.with_copies = timings[1];
    if (status.code == StatusCode::cancelled) {
      result.outcome = result.compute.repeats > 0 ? ContenderResult::Outcome::measured : ContenderResult::Outcome::cancelled;
    } else if (!status.ok()) {
      result.outcome = ContenderResult::Outcome::failed;
      result.note = status.describe();
    } else {
      result.outcome = ContenderResult::Outcome::measured;
    }
  }
  result.spec = spec;
  result.n = n;
  if (result.outcome != ContenderResult::Outcome::measured) return result;
  // A time is believed only for a right answer.
  result.error = relative_error(c, *in.reference);
  if (!(result.error <= kBelievedError)) {
    result.outcome = ContenderResult::Outcome::wrong;
    result.note = say("wrong result: error {:.3g} against the {} reference; its time is not shown", result.error,
                      reference_in_words(*in.reference));
  }
  return result;
}

}  // namespace cudalab::lessons::matmul
