// Chapter 6, step 4: the race. The tutorial's six functions (and the coalesced naive kernel) at
// one n: time, GFLOP/s, speedup over the triple loop, error against float64; cuBLAS, where the
// machine has it, as the end of this road. The quick contenders run first and the triple loop
// last, so a run stopped early (the loop takes minutes at n = 2048) keeps every other row, and the
// loop's row says how far it got.
#include <algorithm>

#include <fmt/format.h>

#include "common/matmul/contenders.h"
#include "common/matmul/cpu_matmul.h"
#include "common/matmul/cublas_sgemm.h"
#include "text/say.h"
#include "tiles_steps.h"

namespace cudalab::lessons::tiles {
namespace {

using namespace matmul;
using Outcome = ContenderResult::Outcome;

constexpr int kNaiveBlockEdge = 16;

// Rough seconds per n³ multiply-adds, only to move the progress bar evenly.
double expected_cost(const ContenderSpec& spec, const Device& device, int n) {
  const double cube = double(n) * n * n;
  switch (spec.contender) {
    case Contender::cpu_loop: return cube / 0.4e9;
    case Contender::cpu_loop_unoptimized: return cube / 0.15e9;
    case Contender::cpu_optimized: return 3 * cube / 20e9;
    default: return device.is_gpu() ? 0.05 + cube / 1e12 : cube / (spec.contender == Contender::shared_tiles ? 0.15e9 : 0.4e9);
  }
}

// The table's "timed by" column; the facts below the table say each source in full.
const char* short_source(TimingSource source) {
  switch (source) {
    case TimingSource::gpu_events: return "CUDA events";
    case TimingSource::emulator_clock: return "emulator (CPU time)";
    case TimingSource::host_clock: return "CPU clock";
  }
  return "?";
}

nlohmann::json row_of(const ContenderResult& result) {
  const bool measured = result.outcome == Outcome::measured;
  return {{"contender", static_cast<int>(result.spec.contender)},
          {"edge", result.spec.edge},
          {"name", contender_name(result.spec)},
          {"short_name", contender_short_name(result.spec)},
          {"label", contender_label(result.spec)},
          {"outcome", to_string(result.outcome)},
          {"note", result.note},
          {"ms", measured ? result.compute.ms : 0.0},
          {"repeats", result.compute.repeats},
          {"timed_by", short_source(result.compute.source)},
          {"with_copies_ms", measured && result.with_copies.repeats > 0 ? result.with_copies.ms : 0.0},
          {"gflops", result.gflops()},
          {"error", result.error},
          {"estimate_ms", result.estimate_ms}};
}

}  // namespace

Step race_step() {
  Param n{"n", "Matrix size n", Param::Kind::integer, 1, 8192, 512};
  n.log_scale = true;
  n.emulator_default = 256;
  n.help = "The triple loop takes minutes from n = 2048 on; the run can be stopped and keeps what finished.";
  Param loop{"cpu_loop", "Run the triple loops", Param::Kind::toggle, 0, 1, 1};
  loop.help = "cpu_mat_mul built -O0 and optimized: every other row is compared with the optimized one. Off: both rows stay empty.";
  Step step{"The race", {n, tile_param(1), loop}};
  step.kernels = {"mat_mul_naive_kernel", "mat_mul_coalesced_kernel", "mat_mul_shared_kernel"};
  step.prediction = Prediction{.question = "n = {n}: which kernel is faster?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"The naive kernel (mat_mul_naive_kernel)", "The shared-memory tiles (mat_mul_shared_kernel)"},
                               .answer_key = "faster_kernel"};
  return step;
}

void run_race(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int n = static_cast<int>(values.at("n")), tile = tile_of(values);
  const bool with_loop = values.at("cpu_loop") != 0;
  run->results["n"] = n;
  run->results["tile"] = tile;
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(check_problem_fits(device, n));
    CUDALAB_RETURN_IF_ERROR(check_tile(device, tile));
    const double reference_rows = std::min(n, kEveryRowUpTo);
    CUDALAB_RETURN_IF_ERROR(check_host_memory(4.0 * 4 * n * n + 8.0 * reference_rows * n, "the race"));

    // In the table's order: the triple loop without and with the optimizer (the tutorial's
    // cpu_mat_mul / cpu_mat_mul_jit point), its other functions, then the coalesced kernel and cuBLAS.
    const std::vector<ContenderSpec> table_order = {
        {Contender::cpu_loop_unoptimized, 0},
        {Contender::cpu_loop, 0},
        {Contender::cpu_optimized, 0},
        {Contender::naive_row_from_x, kNaiveBlockEdge},
        {Contender::shared_tiles, tile},
        {Contender::naive_coalesced, kNaiveBlockEdge},
        {Contender::cublas, 0},
    };
    const std::vector<int> run_order = {6, 4, 5, 3, 2, 1, 0};
    std::vector<ContenderResult> results(table_order.size());
    for (std::size_t i = 0; i < table_order.size(); ++i) {
      results[i].spec = table_order[i];
      results[i].n = n;
      results[i].outcome = Outcome::cancelled;
      results[i].note = "not run: stopped before its turn";
    }
    auto save = [&] {
      nlohmann::json rows = nlohmann::json::array();
      for (const ContenderResult& r : results) rows.push_back(row_of(r));
      run->results["rows"] = rows;
    };
    save();

    double total = double(n) * n * n / 10e9;  // the reference
    for (const ContenderSpec& spec : table_order) total += expected_cost(spec, device, n);
    double done = 0;
    auto report = [&](double extra) { control.progress = static_cast<float>(std::min(1.0, (done + extra) / total)); };

    const Matrix a = random_matrix(n, 1), b = random_matrix(n, 2);
    Reference reference;
    if (Status s = make_reference(a, b, n, &control, &reference); !s.ok()) return s;
    run->results["reference"] = reference_in_words(reference);
    done += double(n) * n * n / 10e9;
    report(0);
    const RaceInputs inputs{n, &a, &b, &reference};
    Status outcome = Status::success();
    for (int index : run_order) {
      const ContenderSpec& spec = table_order[index];
      const double cost = expected_cost(spec, device, n);
      if (control.cancel.load()) {
        outcome = matmul::cancelled_status();
        break;
      }
      if (is_triple_loop(spec.contender) && !with_loop) {
        results[index].outcome = Outcome::skipped;
        results[index].note = "not run (switched off)";
      } else {
        results[index] = measure_contender(device, spec, inputs, &control, [&](double part) { report(part * cost); });
        if (results[index].outcome == Outcome::cancelled) outcome = matmul::cancelled_status();
        // After a fault the GPU was reset: the rows after it would fail too; say so and stop.
        if (results[index].outcome == Outcome::failed && device.is_gpu() && results[index].note.find("reset") != std::string::npos)
          outcome = Status::error(StatusCode::kernel_fault, results[index].note);
      }
      done += cost;
      report(0);
      save();
      control.publish(*run);  // the table fills in as results arrive
      if (!outcome.ok()) break;
    }
    run->results["cublas"] = cublas_library().loaded
                                 ? say("cuBLAS {} loaded from {}", cublas_library().version, cublas_library().path)
                                 : say(cublas_library().why_not);
    run->results["cpu_cores"] = cpu_cores();
    // The step's question: the tutorial's naive kernel against its tiles, both measured.
    const auto measured_ms = [&](Contender contender) {
      for (const ContenderResult& r : results)
        if (r.spec.contender == contender && r.outcome == Outcome::measured) return r.compute.ms;
      return 0.0;
    };
    const double naive_ms = measured_ms(Contender::naive_row_from_x), tiles_ms = measured_ms(Contender::shared_tiles);
    if (naive_ms > 0 && tiles_ms > 0) run->results["faster_kernel"] = tiles_ms < naive_ms ? 1 : 0;
    return outcome;
  }();
}

std::vector<View> race_views(const Run& run) {
  const int n = run.results.value("n", 0);
  const auto rows = run.results.value("rows", nlohmann::json::array());
  if (n < 1 || rows.empty()) return {};
  // Speedups are against the triple loop's measured time, or its estimate when it was stopped.
  double loop_ms = 0;
  bool loop_estimated = false;
  for (const auto& row : rows)
    if (row.value("contender", -1) == static_cast<int>(Contender::cpu_loop)) {
      loop_ms = row.value("ms", 0.0);
      if (loop_ms <= 0 && row.value("estimate_ms", 0.0) > 0) loop_ms = row.value("estimate_ms", 0.0), loop_estimated = true;
    }
  double cublas_gflops = 0;
  for (const auto& row : rows)
    if (row.value("contender", -1) == static_cast<int>(Contender::cublas)) cublas_gflops = row.value("gflops", 0.0);

  TableView table;
  table.title = say("The race at n = {} (results checked against {})", n, run.results.value("reference", "float64"));
  table.columns = {"function", "time", "with copies", "GFLOP/s", "× cpu_mat_mul", "% of cuBLAS", "error", "timed by"};
  ChartView chart;
  chart.title = say("GFLOP/s at n = {} (log scale)", n);
  chart.kind = ChartView::Kind::bar;
  chart.log_y = true;
  chart.x_label = "function";
  chart.y_label = "GFLOP/s";
  ChartView::Series series{"measured", {}, {}};
  for (const auto& row : rows) {
    const bool measured = row.value("outcome", "") == "measured";
    const double ms = row.value("ms", 0.0), copies = row.value("with_copies_ms", 0.0), rate = row.value("gflops", 0.0);
    if (!measured) {
      // Not measured: dashes in the number columns, the reason in words at the end of the row.
      table.rows.push_back({row.value("short_name", ""), "—", "—", "—", "—", "—", "—", row.value("note", "")});
      continue;
    }
    const double times_loop = loop_ms > 0 ? loop_ms / ms : 0;
    const std::string speedup =
        times_loop > 0 ? fmt::format(fmt::runtime(times_loop >= 100 ? "{}{:.0f}×" : "{}{:.3g}×"), loop_estimated ? "≈ " : "", times_loop)
                       : "—";
    const double share = cublas_gflops > 0 ? 100 * rate / cublas_gflops : 0;
    table.rows.push_back({row.value("short_name", ""), milliseconds_three_digits(ms), copies > 0 ? milliseconds_three_digits(copies) : "—",
                          flop_rate_in_words(rate), speedup,
                          share > 0 ? fmt::format(fmt::runtime(share >= 1 ? "{:.0f} %" : "{:.2g} %"), share) : "—",
                          say("{:.2g}", row.value("error", 0.0)),
                          say("{}, median of {}", row.value("timed_by", ""), row.value("repeats", 0))});
    chart.categories.push_back(row.value("label", ""));
    series.x.push_back(double(series.x.size()));
    series.y.push_back(rate);
  }
  chart.series.push_back(std::move(series));

  FactsView facts;
  facts.title = "About these numbers";
  facts.facts = {
      {"inputs", say("A and B: {} × {} random floats in [-1, 1)", n, n)},
      {"every result", "checked against the float64 reference before its time is shown"},
      {"GPU rows", run.device.is_gpu() ? "kernel times by CUDA events after a warm-up; \"with copies\" adds copying A and "
                                         "B in and C out (pageable host memory)"
                                       : "run on the CPU emulator: CPU times, not GPU times"},
      {"timed by", say("CUDA events = {}; emulator = {}; CPU clock = {}", describe(TimingSource::gpu_events),
                       describe(TimingSource::emulator_clock), describe(TimingSource::host_clock))},
      {"cuBLAS", run.results.value("cublas", "")},
      {"CPU cores", std::to_string(run.results.value("cpu_cores", 0))},
  };
  // The tutorial's cpu_mat_mul_jit point: one loop, the optimizer off and on.
  for (const auto& row : rows) {
    const double unoptimized_ms = row.value("ms", 0.0);
    if (row.value("contender", -1) != static_cast<int>(Contender::cpu_loop_unoptimized) || unoptimized_ms <= 0 ||
        loop_ms <= 0 || loop_estimated)
      continue;
    facts.facts.push_back({"what the compiler buys",
                           say("the same triple loop ran {:.3g}× faster built with optimization than with -O0",
                               unoptimized_ms / loop_ms)});
  }
  if (loop_estimated)
    facts.facts.push_back({"cpu_mat_mul", "stopped early: its time (and every × above) is an estimate from the rows it "
                                          "finished"});
  return views_of(std::move(table), std::move(chart), std::move(facts));
}

}  // namespace cudalab::lessons::tiles
