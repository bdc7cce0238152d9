#include "matmul_ladder_bench.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <functional>

#include <fmt/format.h>

#include "common/matmul/cublas_sgemm.h"
#include "common/matmul/host_matmul.h"
#include "common/matmul/kernels.h"
#include "cudalab/buffer.h"

namespace cudalab {
namespace {

using namespace lessons::matmul;
using namespace lessons::ladder;

// A, B and C on the device once per size: every row of the ladder reuses them, so a row costs
// its launches, not copies of up to 768 MB.
struct Session {
  Device& device;
  int n = 0;
  Buffer<float> a, b, c;
  LadderScratch scratch;  // rung 8's operand copies, kept between launches
};

struct Measured {
  enum class Outcome { measured, wrong, failed, unsupported } outcome = Outcome::failed;
  std::string note;
  double ms = 0;  // median kernel time
  int repeats = 0;
  double error = 0;
  double tflops(int n) const { return outcome == Outcome::measured ? gflops(n, ms) / 1000 : 0; }
};

// One warm-up run whose answer is checked against the float64 reference first (a time is kept
// only for a right answer), then the device's usual repeats, each timed alone with events.
Measured measure(Session& s, const Reference& reference, double tolerance, const std::function<Status()>& enqueue) {
  Measured m;
  const std::size_t count = std::size_t(s.n) * std::size_t(s.n);
  Matrix c(count);
  Status status = s.c.zero();
  if (status.ok()) status = enqueue();
  if (status.ok()) status = s.device.synchronize();
  if (status.ok()) status = s.c.download({c.data(), count});
  if (!status.ok()) {
    m.outcome = status.code == StatusCode::unsupported ? Measured::Outcome::unsupported : Measured::Outcome::failed;
    m.note = status.message;
    return m;
  }
  m.error = relative_error(c, reference);
  if (!(m.error <= tolerance)) {
    m.outcome = Measured::Outcome::wrong;
    m.note = fmt::format("wrong result: error {:.3g} against the {} reference (allowed {:.0e}); its time is not shown",
                         m.error, reference_in_words(reference), tolerance);
    return m;
  }
  std::vector<Timing> timings{{"kernel", 0, s.device.timing_source()}};
  RepeatPolicy policy = device_repeats(s.device);
  policy.warmups = 0;  // the checked run above was the warm-up
  status = repeat_measurement(
      policy, nullptr,
      [&](std::vector<double>* samples) -> Status {
        auto start = s.device.record_event();
        CUDALAB_RETURN_IF_ERROR(enqueue());
        auto end = s.device.record_event();
        CUDALAB_RETURN_IF_ERROR(s.device.synchronize());
        samples->push_back(s.device.elapsed_ms(*start, *end));
        return Status::success();
      },
      &timings);
  if (!status.ok()) {
    m.note = status.describe();
    return m;
  }
  m.outcome = Measured::Outcome::measured;
  m.ms = timings[0].ms;
  m.repeats = timings[0].repeats;
  return m;
}

Status open_session(Device& device, int n, const Matrix& a, const Matrix& b, Session* out) {
  const std::size_t count = std::size_t(n) * std::size_t(n);
  CUDALAB_RETURN_IF_ERROR(check_problem_fits(device, n));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, count, &out->a));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, count, &out->b));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, count, &out->c));
  CUDALAB_RETURN_IF_ERROR(out->a.upload({a.data(), count}));
  CUDALAB_RETURN_IF_ERROR(out->b.upload({b.data(), count}));
  out->n = n;
  return Status::success();
}

std::function<Status()> ladder_enqueue(Session& s, const LadderKernel& kernel) {
  return [&s, &kernel] {
    return launch_ladder_kernel(s.device, kernel, s.a.data(), s.b.data(), s.c.data(), s.n, s.n, s.n, &s.scratch);
  };
}

const char* to_string(Measured::Outcome outcome) {
  switch (outcome) {
    case Measured::Outcome::measured: return "measured";
    case Measured::Outcome::wrong: return "wrong";
    case Measured::Outcome::failed: return "failed";
    case Measured::Outcome::unsupported: return "skipped";
  }
  return "?";
}

std::string percent(double part, double whole) { return whole > 0 && part > 0 ? fmt::format("{:.1f}", 100 * part / whole) : "—"; }

}  // namespace

int tune_ladder(std::ostream& out, Device& device, int n, const std::filesystem::path& path, nlohmann::json* rows) {
  out << fmt::format("Tuning the ladder at n = {}: every compiled instance, each checked against float64 first.\n", n);
  const Matrix a = random_matrix(n, 1), b = random_matrix(n, 2);
  Reference reference;
  if (Status s = make_reference(a, b, n, nullptr, &reference); !s.ok()) return 1;
  Session session{device};
  if (Status s = open_session(device, n, a, b, &session); !s.ok()) {
    out << s.describe() << "\n";
    return 1;
  }
  out << fmt::format("{:<14} {:<40} {:<72} {:>7} {:>9} {:>9}\n", "rung", "instance", "shape", "threads", "TFLOP/s", "error");
  int exit_code = 0;
  std::map<Rung, std::vector<TimedInstance>> timed;
  nlohmann::json measured = nlohmann::json::array();
  for (const LadderKernel& kernel : ladder_kernels()) {
    const Measured m = measure(session, reference, rung_tolerance(kernel.rung), ladder_enqueue(session, kernel));
    nlohmann::json row = {{"n", n},       {"rung", rung_key(kernel.rung)}, {"kernel", kernel.key},
                          {"shape", kernel.shape_in_words()}, {"outcome", to_string(m.outcome)}, {"error", m.error}};
    if (m.outcome != Measured::Outcome::measured) {
      if (m.outcome == Measured::Outcome::wrong || m.outcome == Measured::Outcome::failed) exit_code = 1;
      out << fmt::format("{:<14} {:<40} {}\n", rung_key(kernel.rung), kernel.key, m.note);
    } else {
      row["tflops"] = m.tflops(n);
      row["kernel_ms"] = m.ms;
      out << fmt::format("{:<14} {:<40} {:<72} {:>7} {:>9.4g} {:>9.2g}\n", rung_key(kernel.rung), kernel.key,
                         kernel.shape_in_words(), kernel.threads_per_block(), m.tflops(n), m.error);
      timed[kernel.rung].push_back({&kernel, m.tflops(n)});
    }
    out.flush();
    measured.push_back(row);
    if (rows) rows->push_back(row);
  }
  nlohmann::json chosen = nlohmann::json::object();
  out << "\nChosen:\n";
  for (Rung rung : kRungs) {
    auto found = timed.find(rung);
    if (found == timed.end()) continue;
    const std::vector<TimedInstance>& all = found->second;
    const LadderKernel* pick = tuned_pick(all);
    const auto picked = std::find_if(all.begin(), all.end(), [&](const TimedInstance& t) { return t.kernel == pick; });
    const auto fastest = std::max_element(all.begin(), all.end(), [](const TimedInstance& x, const TimedInstance& y) {
      return x.tflops < y.tflops;
    });
    chosen[rung_key(rung)] = pick->key;
    out << fmt::format("  {:<14} {} ({}), {:.4g} TFLOP/s\n", rung_key(rung), pick->key, pick->shape_in_words(),
                       picked->tflops);
    if (fastest->kernel != pick)
      out << fmt::format("  {:<14} not chosen, inputs truncated: {}, {:.4g} TFLOP/s (the error is in its row above)\n", "",
                         fastest->kernel->key, fastest->tflops);
  }
  nlohmann::json document = {{"device", device.facts().name},
                             {"compute_capability", fmt::format("{}.{}", device.facts().cc_major, device.facts().cc_minor)},
                             {"n", n},
                             {"timing", describe(device.timing_source())},
                             {"chosen", chosen},
                             {"measured", measured}};
  std::error_code ignored;
  std::filesystem::create_directories(path.parent_path(), ignored);
  std::ofstream file(path);
  file << document.dump(2) << "\n";
  if (!file) {
    out << "cannot write " << path.string() << "\n";
    return 1;
  }
  out << fmt::format("saved to {}; `cudalab bench matmul` uses it on this device from now on\n\n", path.string());
  return exit_code;
}

int ladder_rows(std::ostream& out, Device& device, const LadderChoice& choice, int n, const Matrix& a, const Matrix& b,
                const Reference& reference, nlohmann::json* rows) {
  Session session{device};
  if (Status s = open_session(device, n, a, b, &session); !s.ok()) {
    out << fmt::format("{:>5}  {}\n", n, s.message);
    return 1;
  }
  struct Row {
    std::string variant;
    std::string kernel;  // the instance, for the ladder's rungs
    double tolerance;
    std::function<Status()> enqueue;
  };
  std::vector<Row> table;
  table.push_back({"cublas_sgemm", "", kBelievedError,
                   [&] { return cublas_sgemm(device, session.a.data(), session.b.data(), session.c.data(), n); }});
  table.push_back({"cublas_tf32", "", rung_tolerance(Rung::tf32_wmma),
                   [&] { return cublas_gemm_tf32(device, session.a.data(), session.b.data(), session.c.data(), n); }});
  table.push_back({"ch6_shared_tile_32", "", kBelievedError, [&] {
                     const unsigned blocks = (unsigned(n) + 31) / 32;
                     return launch(device, matmul_shared_tile32, LaunchConfig{Dim3(blocks, blocks), Dim3(32, 32)},
                                   session.a.data(), session.b.data(), session.c.data(), n, NoTrace{});
                   }});
  for (Rung rung : kRungs) {
    const LadderKernel* kernel = choice.of(rung);
    table.push_back({fmt::format("ladder_{}", rung_key(rung)), kernel->key, rung_tolerance(rung),
                     ladder_enqueue(session, *kernel)});
  }

  int exit_code = 0;
  double sgemm = 0, tf32 = 0;
  for (const Row& row : table) {
    const Measured m = measure(session, reference, row.tolerance, row.enqueue);
    nlohmann::json json = {{"n", n},
                           {"variant", row.variant},
                           {"outcome", to_string(m.outcome)},
                           {"note", m.note},
                           {"error", m.error},
                           {"checked_against", reference_in_words(reference)}};
    if (!row.kernel.empty()) json["kernel"] = row.kernel;
    if (m.outcome != Measured::Outcome::measured) {
      if (m.outcome == Measured::Outcome::wrong || m.outcome == Measured::Outcome::failed) exit_code = 1;
      out << fmt::format("{:>5}  {:<22} {}\n", n, row.variant, m.note);
      if (rows) rows->push_back(json);
      continue;
    }
    const double tflops = m.tflops(n);
    if (row.variant == "cublas_sgemm") sgemm = tflops;
    if (row.variant == "cublas_tf32") tf32 = tflops;
    json["kernel_ms"] = m.ms;
    json["tflops"] = tflops;
    json["repeats"] = m.repeats;
    json["timing"] = describe(device.timing_source());
    if (sgemm > 0) json["percent_of_cublas"] = 100 * tflops / sgemm;
    if (tf32 > 0) json["percent_of_cublas_tf32"] = 100 * tflops / tf32;
    if (rows) rows->push_back(json);
    out << fmt::format("{:>5}  {:<22} {:>11.4g} {:>9.4g} {:>8} {:>8} {:>9.2g} {:>4}  {}\n", n, row.variant, m.ms, tflops,
                       percent(tflops, sgemm), percent(tflops, tf32), m.error, m.repeats, row.kernel);
    out.flush();
  }
  return exit_code;
}

}  // namespace cudalab
