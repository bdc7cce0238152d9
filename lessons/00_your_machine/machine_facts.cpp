#include "machine_facts.h"

#include <fmt/format.h>

#include "common/in_words.h"
#include "cudalab/run.h"
#include "text/say.h"

namespace cudalab::lessons {

nlohmann::json machine_facts_json(const Device& device) {
  nlohmann::json results;
  Message why_none;
  nlohmann::json devices = nlohmann::json::array();
  for (const DeviceFacts& gpu : query_cuda_devices(&why_none)) devices.push_back(to_json(gpu));
  results["host"] = {{"cpu", host_cpu_model()}, {"cores", emulator_facts().host_cores}};
  results["gpus"] = devices;
  results["why_no_gpu"] = why_none.empty() ? nlohmann::json("") : to_json(why_none);
  results["active"] = to_json(device.facts());
  return results;
}

namespace {

// One column of the facts table: a device as a student reads it.
std::vector<std::string> describe_column(const DeviceFacts& f) {
  const bool gpu = f.is_gpu();
  auto dims = [](const std::array<unsigned, 3>& d) { return say("{} × {} × {}", d[0], d[1], d[2]); };
  return {
      f.name,
      gpu ? say("{}.{} ({})", f.cc_major, f.cc_minor, f.arch()) : "— (emulated)",
      gpu ? std::to_string(f.sm_count) : say("{} worker threads", f.sm_count),
      std::to_string(f.warp_size),
      std::to_string(f.max_threads_per_block),
      dims(f.max_block_dim),
      dims(f.max_grid_dim),
      bytes_one_decimal(double(f.shared_per_block)) +
          (f.shared_per_block_optin > f.shared_per_block ? say(" ({} opt-in)", bytes_one_decimal(double(f.shared_per_block_optin))) : ""),
      gpu ? bytes_one_decimal(double(f.shared_per_sm)) : "—",
      gpu ? std::to_string(f.regs_per_block) : "— (CPU registers)",
      gpu ? std::to_string(f.max_threads_per_sm) : say("{} (one block at a time per worker)", f.max_threads_per_sm),
      gpu ? (f.max_blocks_per_sm > 0 ? std::to_string(f.max_blocks_per_sm) : "?") : say("{} (per worker)", 1),
      gpu ? bytes_one_decimal(double(f.l2_bytes)) : "— (the CPU's caches)",
      gpu ? bytes_one_decimal(double(f.global_mem_bytes)) : say("{} (host memory)", bytes_one_decimal(double(f.global_mem_bytes))),
      gpu ? say("{:.0f} MHz", f.mem_clock_khz / 1000.0) : "—",
      gpu ? say("{} bits", f.mem_bus_width_bits) : "—",
      gpu ? say("{:.0f} GB/s", f.theoretical_bandwidth_gbs()) : "—",
  };
}

const std::vector<std::string> kRowNames = {
    "name", "compute capability", "SMs", "warp size", "max threads per block", "max block dims",
    "max grid dims", "shared memory per block", "shared memory per SM", "registers per block",
    "max threads per SM", "max blocks per SM",
    "L2 cache", "global memory", "memory clock", "memory bus width", "theoretical bandwidth",
};

}  // namespace

std::vector<View> machine_facts_views(const Run& run) {
  std::vector<DeviceFacts> columns;
  for (const auto& j : run.results.value("gpus", nlohmann::json::array())) {
    DeviceFacts f;
    if (from_json(j, &f).ok()) columns.push_back(f);
  }
  DeviceFacts active;
  bool have_active = from_json(run.results.value("active", nlohmann::json::object()), &active).ok();
  if (have_active && !active.is_gpu()) columns.push_back(active);

  TableView table;
  table.title = "This machine's devices";
  table.columns.push_back("");
  for (const auto& f : columns) table.columns.push_back(f.is_gpu() ? say("GPU {}", f.index) : "CPU emulator");
  std::vector<std::vector<std::string>> described;
  for (const auto& f : columns) described.push_back(describe_column(f));
  for (std::size_t row = 0; row < kRowNames.size(); ++row) {
    std::vector<std::string> cells{kRowNames[row]};
    for (const auto& col : described) cells.push_back(col[row]);
    table.rows.push_back(std::move(cells));
  }

  FactsView host;
  host.title = "Host and device";
  const auto& h = run.results.value("host", nlohmann::json::object());
  host.facts = {{"host (CPU)", say("{} · {} cores", as_is(h.value("cpu", "?")), h.value("cores", 0))},
                {"device", have_active ? device_label(active) : "?"}};
  // Its words (a run recorded before messages has the English only).
  const nlohmann::json why = run.results.value("why_no_gpu", nlohmann::json(""));
  Message why_words;
  if (why.is_object() && from_json(why, &why_words).ok()) host.facts.push_back({"why no GPU", said(why_words)});
  else if (why.is_string() && !why.get<std::string>().empty()) host.facts.push_back({"why no GPU", word(why.get<std::string>())});

  std::vector<View> views;
  if (have_active) {
    // The device as a grid of its SMs (or the emulator's workers): where blocks will run.
    CellGridView sms;
    const int units = std::max(1, active.sm_count);
    sms.title = active.is_gpu() ? say("{}: {} streaming multiprocessors (SMs)", active.name, units)
                                : say("CPU emulator: {} worker threads play the SMs", units);
    sms.cols = std::min(units, 12);
    sms.rows = (units + sms.cols - 1) / sms.cols;
    sms.legend = {active.is_gpu() ? "SM" : "worker"};
    for (int unit = 0; unit < units; ++unit)
      sms.cells.push_back({unit % sms.cols, unit / sms.cols, 0, 0.75f, std::to_string(unit),
                           say("{} {} of {}", active.is_gpu() ? "SM" : "worker", unit, units)});
    views.push_back(std::move(sms));
  }
  views.push_back(std::move(host));
  views.push_back(std::move(table));
  return views;
}

}  // namespace cudalab::lessons
