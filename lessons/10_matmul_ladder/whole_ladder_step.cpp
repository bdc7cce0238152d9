// Chapter 10's last step: every rung at one size, beside chapter 6's tiles and cuBLAS (SGEMM and
// TF32), each checked against float64 before its time counts; then where each rung sits under the
// device's roofs (peak FP32, peak TF32, memory bandwidth × arithmetic intensity).
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "common/in_words.h"
#include "common/views_of.h"
#include "ladder_steps.h"
#include "text/say.h"
#include "tuning.h"

namespace cudalab::lessons::ladder {

Step whole_ladder_step() {
  Param n{"n", "Matrix size n", Param::Kind::integer, 16, 4096, 256};
  n.log_scale = true;
  n.help = "Every contender multiplies two n × n matrices. The CPU emulator goes up to 512; a GPU up to 4096.";
  Step step{"The whole ladder and its roofline", {n}};
  step.time_limit_seconds = 300;
  step.prediction = Prediction{.question = "At n = {n}, which rung is fastest on this device?",
                               .kind = Prediction::Kind::choice,
                               .choices = {},
                               .answer_key = "fastest_rung"};
  for (Rung rung : kRungs) step.prediction->choices.emplace_back(rung_title(rung));
  return step;
}

void run_whole_ladder(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int n = static_cast<int>(values.at("n"));
  LadderBench bench;
  if (run->status = LadderBench::open(device, n, control, &bench); !run->status.ok()) return;
  const LadderChoice tuned = load_ladder_choice(device, default_ladder_tuning_path());
  nlohmann::json& r = run->results;
  r["n"] = n;
  r["tuning"] = tuned.source;
  r["clock"] = describe(bench.clock());
  r["checked_against"] = matmul::reference_in_words(bench.reference());
  const Peaks peaks = device_peaks(device.facts());
  r["peaks"] = {{"fp32_gflops", peaks.fp32_gflops},
                {"tf32_gflops", peaks.tf32_gflops},
                {"bandwidth_gbs", peaks.bandwidth_gbs},
                {"shared_gbs", peaks.shared_gbs},
                {"basis", peaks.basis}};
  r["rows"] = nlohmann::json::array();
  const int total = int(std::size(kRungs)) + 3;
  int done = 0;
  auto keep = [&](const Contender& contender, const LadderKernel* kernel) {
    nlohmann::json row = contender.to_json();
    row["intensity"] = kernel ? arithmetic_intensity(kernel->bm, kernel->bn, kernel->bk, n) : arithmetic_intensity(32, 32, 32, n);
    row["shared_intensity"] = kernel ? shared_intensity(*kernel) : kChapter6SharedIntensity;
    if (kernel) {
      row["rung"] = rung_key(kernel->rung);
      row["shape_words"] = kernel->shape_in_words();
    }
    r["rows"].push_back(std::move(row));
    control.progress = float(++done) / float(total);
    control.publish(*run);
  };
  Contender tile{"chapter 6: 32 × 32 shared tiles", "chapter 6"};
  if (run->status = bench.measure_chapter6_tile(&tile); !run->status.ok()) return;
  keep(tile, nullptr);
  double fastest = 0;
  int fastest_rung = 0;
  for (std::size_t i = 0; i < std::size(kRungs); ++i) {
    const LadderKernel& kernel = *tuned.of(kRungs[i]);
    Contender rung{say("rung {}: {}", i + 1, rung_title(kRungs[i])), say("rung {}", i + 1)};
    if (run->status = bench.measure_rung(kernel, &rung); !run->status.ok()) return;
    if (rung.measured && !rung.right) {
      run->status = Status::error(StatusCode::internal, say("{} computed a wrong product: {}", kernel.key, rung.note));
      return;
    }
    if (rung.measured && rung.gflops > fastest) {
      fastest = rung.gflops;
      fastest_rung = int(i);
    }
    keep(rung, &kernel);
  }
  for (bool tf32 : {false, true}) {
    Contender cublas{tf32 ? "cuBLAS TF32" : "cuBLAS SGEMM"};
    if (run->status = bench.measure_cublas(tf32, &cublas); !run->status.ok()) return;
    r["rows"].push_back(cublas.to_json());
    control.progress = float(++done) / float(total);
  }
  r["fastest_rung"] = fastest_rung;
}

namespace {

double gflops_of(const nlohmann::json& rows, const std::string& name) {
  for (const auto& row : rows)
    if (row.value("name", "") == name && row.value("measured", false)) return row.value("gflops", 0.0);
  return 0;
}

// A roofline: attainable GFLOP/s = min(peak, bandwidth × intensity), both axes logarithmic, with
// each measured contender at its intensity (the row's `key`).
ChartView roofline(std::string title, const char* key, double fp32, double tf32, double bandwidth,
                   const std::vector<double>& xs, const nlohmann::json& rows) {
  ChartView roof;
  roof.title = std::move(title);
  roof.x_label = "FLOP/B";
  roof.y_label = "GFLOP/s";
  roof.log_x = roof.log_y = true;
  for (const auto& [name, peak] : {std::pair{"FP32 roof", fp32}, std::pair{"TF32 roof", tf32}}) {
    if (peak <= 0) continue;
    ChartView::Series line{name};
    for (double x : xs) {
      line.x.push_back(x);
      line.y.push_back(bandwidth > 0 ? std::min(peak, bandwidth * x) : peak);
    }
    roof.series.push_back(std::move(line));
  }
  for (const auto& row : rows) {
    if (!row.value("measured", false) || !row.contains(key)) continue;
    roof.series.push_back({row.value("name", ""), {row.value(key, 0.0)}, {row.value("gflops", 0.0)}});
  }
  return roof;
}

std::string share(double part, double whole) { return part > 0 && whole > 0 ? say("{:.1f} %", 100 * part / whole) : "—"; }

}  // namespace

std::vector<View> whole_ladder_views(const Run& run) {
  const nlohmann::json& r = run.results;
  const nlohmann::json& rows = r.contains("rows") ? r["rows"] : nlohmann::json::array();
  const double sgemm = gflops_of(rows, "cuBLAS SGEMM"), tf32 = gflops_of(rows, "cuBLAS TF32");

  TableView table;
  table.title = say("C = A × B at n = {}: each result checked against {} before its time counts ({})", r.value("n", 0),
                    r.value("checked_against", ""), r.value("clock", ""));
  table.columns = {"contender", "kernel", "GFLOP/s", "of cuBLAS SGEMM", "of cuBLAS TF32", "FLOP/B global",
                   "FLOP/B shared", "error"};
  ChartView bars;
  bars.title = say("GFLOP/s at n = {} ({})", r.value("n", 0), r.value("clock", ""));
  bars.kind = ChartView::Kind::bar;
  bars.y_label = "GFLOP/s";
  ChartView::Series speeds{"GFLOP/s"};
  for (const auto& row : rows) {
    const bool measured = row.value("measured", false);
    const double gflops = row.value("gflops", 0.0);
    table.rows.push_back({row.value("name", ""), row.value("kernel", ""),
                          measured ? say("{:.1f}", gflops) : row.value("note", ""), measured ? share(gflops, sgemm) : "—",
                          measured ? share(gflops, tf32) : "—",
                          row.contains("intensity") ? say("{:.1f}", row.value("intensity", 0.0)) : "—",
                          row.contains("shared_intensity") ? say("{:.2f}", row.value("shared_intensity", 0.0)) : "—",
                          measured ? say("{:.1e}", row.value("error", 0.0)) : "—"});
    if (!measured) continue;
    speeds.x.push_back(double(bars.categories.size()));
    speeds.y.push_back(gflops);
    bars.categories.push_back(row.value("label", row.value("name", "")));
  }
  bars.series.push_back(std::move(speeds));

  FactsView facts;
  facts.title = "The ladder";
  facts.facts.push_back({"shapes", r.value("tuning", "")});
  const nlohmann::json& peaks = r.contains("peaks") ? r["peaks"] : nlohmann::json::object();
  const double fp32 = peaks.value("fp32_gflops", 0.0), tf32_peak = peaks.value("tf32_gflops", 0.0),
               bandwidth = peaks.value("bandwidth_gbs", 0.0);
  if (!run.device.is_gpu()) {
    facts.facts.push_back({"roofline", "a GPU's: the emulator's times are CPU times, so no roofs are drawn here"});
    return views_of(std::move(table), std::move(bars), std::move(facts));
  }
  facts.facts.push_back({"peak FP32", say("{} ({})", flop_rate_in_words(fp32), peaks.value("basis", ""))});
  if (tf32_peak > 0) facts.facts.push_back({"peak TF32 (tensor cores, dense)", flop_rate_in_words(tf32_peak)});
  if (bandwidth > 0) facts.facts.push_back({"memory bandwidth", bandwidth_in_words(bandwidth)});

  if (peaks.value("shared_gbs", 0.0) > 0)
    facts.facts.push_back({"shared-memory bandwidth", bandwidth_in_words(peaks.value("shared_gbs", 0.0))});
  ChartView global = roofline(
      "Global-memory roofline: each contender at its arithmetic intensity (FLOP per byte requested from global memory; "
      "the L2 cache serves part of it)",
      "intensity", fp32, tf32_peak, bandwidth, {1, 2, 4, 8, 16, 32, 64, 128}, rows);
  ChartView shared = roofline(
      "Shared-memory roofline: FLOP per byte the threads read from shared memory (counted from the source, one read per "
      "operand, no bank conflicts)",
      "shared_intensity", fp32, tf32_peak, peaks.value("shared_gbs", 0.0), {0.125, 0.25, 0.5, 1, 2, 4, 8, 16}, rows);
  return views_of(std::move(table), std::move(global), std::move(shared), std::move(bars), std::move(facts));
}

}  // namespace cudalab::lessons::ladder
