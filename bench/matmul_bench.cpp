#include "matmul_bench.h"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "common/matmul/contenders.h"
#include "common/matmul/cpu_matmul.h"
#include "common/matmul/cublas_sgemm.h"
#include "cudalab/run.h"
#include "matmul_ladder_bench.h"

namespace cudalab {
namespace {

using namespace lessons::matmul;
using Outcome = ContenderResult::Outcome;

// Every variant, cuBLAS first so that the others can be given as a share of it.
std::vector<ContenderSpec> variants() {
  return {{Contender::cublas, 0},          {Contender::cpu_loop_unoptimized, 0}, {Contender::cpu_loop, 0},
          {Contender::cpu_optimized, 0},
          {Contender::naive_row_from_x, 16}, {Contender::naive_coalesced, 16}, {Contender::naive_coalesced, 32},
          {Contender::shared_tiles, 8},    {Contender::shared_tiles, 16},    {Contender::shared_tiles, 32}};
}

std::string variant_key(const ContenderSpec& spec) {
  switch (spec.contender) {
    case Contender::cpu_loop: return "cpu_mat_mul";
    case Contender::cpu_loop_unoptimized: return "cpu_mat_mul_O0";
    case Contender::cpu_optimized: return "cpu_mat_mul_optimized";
    case Contender::naive_row_from_x: return fmt::format("naive_row_from_x_{}x{}", spec.edge, spec.edge);
    case Contender::naive_coalesced: return fmt::format("naive_coalesced_{}x{}", spec.edge, spec.edge);
    case Contender::shared_tiles: return fmt::format("shared_tile_{}", spec.edge);
    case Contender::cublas: return "cublas_sgemm";
  }
  return "?";
}

// Chapters 5 and 6's variants at n, each through its own host function (copies included).
int chapter_rows(std::ostream& out, Device& device, const MatmulBenchOptions& options, int n, const Matrix& a,
                 const Matrix& b, const Reference& reference, nlohmann::json* rows_out) {
  nlohmann::json& rows = *rows_out;
  int exit_code = 0;
  const RaceInputs inputs{n, &a, &b, &reference};
  double cublas_gflops = 0;
  for (const ContenderSpec& spec : variants()) {
    ContenderResult result;
    if (is_triple_loop(spec.contender) && n > options.loop_max) {
      result.spec = spec;
      result.outcome = Outcome::skipped;
      result.note = fmt::format("skipped above n = {} (minutes)", options.loop_max);
    } else {
      result = measure_contender(device, spec, inputs, nullptr);
    }
    const std::string key = variant_key(spec);
    nlohmann::json row = {{"n", n},
                          {"variant", key},
                          {"name", contender_name(spec)},
                          {"outcome", to_string(result.outcome)},
                          {"note", result.note},
                          {"error", result.error},
                          {"checked_against", reference_in_words(reference)}};
    if (result.outcome != Outcome::measured) {
      if (result.outcome == Outcome::wrong || result.outcome == Outcome::failed) exit_code = 1;
      out << fmt::format("{:>5}  {:<26} {}\n", n, key, result.note);
      rows.push_back(row);
      continue;
    }
    const double gflops = result.gflops();
    if (spec.contender == Contender::cublas) cublas_gflops = gflops;
    const bool copies = result.with_copies.repeats > 0;
    row["kernel_ms"] = result.compute.ms;
    row["tflops"] = gflops / 1000;
    row["repeats"] = result.compute.repeats;
    row["timing"] = to_string(result.compute.source);
    if (copies) row["with_copies_ms"] = result.with_copies.ms;
    if (cublas_gflops > 0) row["percent_of_cublas"] = 100 * gflops / cublas_gflops;
    rows.push_back(row);
    out << fmt::format("{:>5}  {:<26} {:>11.4g} {:>9.4g} {:>8} {:>11} {:>9.2g} {:>4}\n", n, key, result.compute.ms,
                       gflops / 1000, cublas_gflops > 0 ? fmt::format("{:.1f}", 100 * gflops / cublas_gflops) : "—",
                       copies ? fmt::format("{:.4g}", result.with_copies.ms) : "—", result.error,
                       result.compute.repeats);
    out.flush();
  }
  return exit_code;
}

}  // namespace

int run_matmul_bench(std::ostream& out, const MatmulBenchOptions& options) {
  std::unique_ptr<Device> device;
  if (Status s = open_device(options.backend, &device); !s.ok()) {
    out << "cannot open the device: " << s.describe() << "\n";
    return 2;
  }
  std::vector<int> sizes = options.sizes;
  if (sizes.empty()) sizes = device->is_gpu() ? std::vector<int>{1024, 2048, 4096} : std::vector<int>{128, 256};
  for (int n : sizes)
    if (n < 1 || n > kLargestN) {
      out << fmt::format("--sizes: n = {} is out of range (1 to {})\n", n, kLargestN);
      return 2;
    }

  const DeviceFacts& facts = device->facts();
  out << fmt::format("Matrix multiply benchmark on {}\n", facts.label());
  out << fmt::format("CPU: {} ({} cores); cuBLAS: {}\n", facts.host_cpu, cpu_cores(),
                     cublas_library().loaded ? fmt::format("{} from {}", cublas_library().version, cublas_library().path)
                                             : cublas_library().why_not.english());
  out << fmt::format("Device times: {}{}. CPU times: {}. Each is a median; \"copies\" adds copying A and B in and C\n"
                     "out (pageable memory). Every result was checked against float64 before its time was kept.\n\n",
                     describe(device->timing_source()), device->is_gpu() ? ", after a warm-up" : "",
                     describe(TimingSource::host_clock));
  nlohmann::json rows = nlohmann::json::array();
  int exit_code = 0;
  const std::filesystem::path tuning_path =
      options.tuning_path.empty() ? default_ladder_tuning_path() : std::filesystem::path(options.tuning_path);
  nlohmann::json tuning_rows = nlohmann::json::array();
  if (options.tune) {
    const int tune_size = options.tune_size > 0 ? options.tune_size : (device->is_gpu() ? 4096 : 128);
    if (Status s = check_problem_fits(*device, tune_size); !s.ok()) {
      out << "--tune-size: " << s.message << "\n";
      return 2;
    }
    if (tune_ladder(out, *device, tune_size, tuning_path, &tuning_rows) != 0) exit_code = 1;
  }
  const LadderChoice choice = load_ladder_choice(*device, tuning_path);
  out << fmt::format("Matmul ladder instances: {}\n", choice.source);

  const std::string chapter_header = fmt::format("\n{:>5}  {:<26} {:>11} {:>9} {:>8} {:>11} {:>9} {:>4}\n", "n", "variant",
                                                 "kernel ms", "TFLOP/s", "% cuBLAS", "copies ms", "error", "runs");
  const std::string ladder_header =
      fmt::format("\n{:>5}  {:<22} {:>11} {:>9} {:>8} {:>8} {:>9} {:>4}  {}\n", "n", "ladder (A, B on the device)",
                  "kernel ms", "TFLOP/s", "% SGEMM", "% TF32", "error", "runs", "instance");
  for (int n : sizes) {
    if (Status s = check_problem_fits(*device, n); !s.ok()) {
      out << fmt::format("{:>5}  {}\n", n, s.message);
      exit_code = 1;
      continue;
    }
    const Matrix a = random_matrix(n, 1), b = random_matrix(n, 2);
    Reference reference;
    if (Status s = make_reference(a, b, n, nullptr, &reference); !s.ok()) return 1;
    if (!options.ladder_only) {
      out << chapter_header;
      if (chapter_rows(out, *device, options, n, a, b, reference, &rows) != 0) exit_code = 1;
    }
    if (n == sizes.front() || !options.ladder_only) out << ladder_header;
    if (ladder_rows(out, *device, choice, n, a, b, reference, &rows) != 0) exit_code = 1;
  }
  if (!options.json_path.empty()) {
    nlohmann::json document = {{"device", to_json(facts)},
                               {"cpu_cores", cpu_cores()},
                               {"cublas", cublas_library().loaded ? cublas_library().version : cublas_library().why_not.english()},
                               {"device_timing", describe(device->timing_source())},
                               {"rows", rows},
                               {"ladder_instances", choice.source},
                               {"ladder_tuning", tuning_rows}};
    std::ofstream file(options.json_path);
    file << document.dump(2) << "\n";
    if (!file) {
      out << "cannot write " << options.json_path << "\n";
      return 1;
    }
    out << "\nrows saved to " << options.json_path << "\n";
  }
  return exit_code;
}

}  // namespace cudalab
