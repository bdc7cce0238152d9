// Chapter 8, step 1: the occupancy calculator. Threads per block, registers per thread and shared
// memory per block → resident blocks and warps per SM, each limit worked out alone and the one that
// binds named in words, drawn as one SM's warp slots filled by blocks. On a GPU the chapter's real
// kernels are checked too: their registers from cudaFuncGetAttributes, the calculator's answer for
// this GPU beside cudaOccupancyMaxActiveBlocksPerMultiprocessor's.
#include <climits>

#include <fmt/format.h>

#include "gpu_limits.h"
#include "kernels.h"
#include "launch_config_steps.h"
#include "cudalab/message_format.h"
#include "text/say.h"

namespace cudalab::lessons::launch_config {
namespace {

constexpr int kThisGpu = 5;  // the choice after the table's five GPUs

std::vector<std::string> gpu_choices() {
  std::vector<std::string> choices;
  for (const GpuLimits& g : known_gpus()) choices.push_back(say("{} ({})", as_is(g.arch), as_is(g.example)));
  choices.push_back("this GPU (its own limits)");
  return choices;
}

std::string count_or_any(int blocks) { return blocks == INT_MAX ? "no limit" : std::to_string(blocks); }

nlohmann::json occupancy_json(const GpuLimits& gpu, const Occupancy& o) {
  return {{"arch", gpu.arch},
          {"example", gpu.example},
          {"blocks_per_sm", o.blocks_per_sm},
          {"by_threads", o.by_threads},
          {"by_blocks", o.by_blocks},
          {"by_registers", o.by_registers},
          {"by_shared", o.by_shared},
          {"limiter", to_string(o.limiter)},
          {"warps_per_block", o.warps_per_block},
          {"warps_per_sm", o.warps_per_sm},
          {"max_warps_per_sm", o.max_warps_per_sm},
          {"occupancy", o.occupancy},
          {"registers_per_warp", o.registers_per_warp},
          {"shared_per_block_allocated", o.shared_per_block},
          {"refused", o.refused},
          {"limits",
           {{"max_threads_per_sm", gpu.max_threads_per_sm},
            {"max_blocks_per_sm", gpu.max_blocks_per_sm},
            {"registers_per_sm", gpu.registers_per_sm},
            {"shared_per_sm", gpu.shared_per_sm},
            {"shared_per_block_optin", gpu.shared_per_block_optin},
            {"reserved_shared_per_block", gpu.reserved_shared_per_block},
            {"shared_allocation_unit", gpu.shared_allocation_unit}}}};
}

struct KernelToCheck {
  const KernelEntry* entry;
  std::size_t dynamic_shared;
};

}  // namespace

Step calculator_step() {
  Param gpu{"gpu", "GPU", Param::Kind::choice, 0, double(kThisGpu), 4, false, gpu_choices()};
  gpu.help = "Whose limits to reason about: a GPU from the table (each value from the CUDA C++ Programming Guide), or "
             "the GPU in this machine.";
  Param threads{"threads_per_block", "Threads per block", Param::Kind::integer, 32, 1024, 256};
  threads.help = "Warps are allocated whole: 48 threads take the place of 64.";
  Param registers{"registers_per_thread", "Registers per thread", Param::Kind::integer, 16, 255, 32};
  registers.help = "The compiler decides this (cudaFuncGetAttributes reports it); a warp gets 32 × this, rounded up to "
                   "256.";
  Param shared{"shared_kib_per_block", "Shared memory per block (KiB)", Param::Kind::integer, 0, 227, 0};
  shared.help = "Static __shared__ arrays plus the third <<<>>> argument. Past 48 KiB a kernel must opt in.";
  Step step{"The occupancy calculator", {gpu, threads, registers, shared}};
  step.kernels = {"scale_repeatedly", "scale_repeatedly_grid_stride", "reverse_each_block"};
  step.prediction = Prediction{
      .question = "On {gpu}: blocks of {threads_per_block} threads, {registers_per_thread} registers per thread, "
                  "{shared_kib_per_block} KiB of shared memory. How many blocks fit on one SM at once?",
      .unit = "blocks",
      .answer_key = "blocks_per_sm"};
  return step;
}

void run_calculator(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const int choice = static_cast<int>(values.at("gpu"));
  const int threads = static_cast<int>(values.at("threads_per_block"));
  const int registers = static_cast<int>(values.at("registers_per_thread"));
  const std::size_t shared = static_cast<std::size_t>(values.at("shared_kib_per_block")) * 1024;
  GpuLimits gpu;
  if (choice == kThisGpu) {
    if (!limits_of_device(device.facts(), &gpu)) {
      run->status = Status::error(StatusCode::invalid_argument,
                                  message("this machine runs the CPU emulator, which has no SM limits to reason about: "
                                          "pick one of the GPUs in the table"));
      return;
    }
  } else {
    gpu = known_gpus()[static_cast<std::size_t>(choice)];
  }
  const Occupancy o = occupancy(gpu, threads, registers, shared);
  run->results["calculator"] = occupancy_json(gpu, o);
  run->results["source"] = limits_source();
  if (!o.refused.empty()) {
    run->status = Status::error(StatusCode::invalid_argument, message("no block fits: {}", o.refused));
    return;
  }
  run->results["blocks_per_sm"] = o.blocks_per_sm;
  run->results["limiter"] = to_string(o.limiter);

  // The table of known GPUs, for the results pane.
  nlohmann::json table = nlohmann::json::array();
  for (const GpuLimits& g : known_gpus()) table.push_back(occupancy_json(g, occupancy(g, threads, registers, shared)));
  run->results["every_gpu"] = table;

  // The chapter's real kernels on this device: the calculator against the CUDA runtime's own answer.
  nlohmann::json checks = nlohmann::json::array();
  const KernelToCheck kernels[] = {{&scale_repeatedly.entry, 0}, {&scale_repeatedly_grid_stride.entry, 0},
                                   {&reverse_each_block.entry, 0}};
  GpuLimits here;
  const bool on_gpu = limits_of_device(device.facts(), &here);
  for (const KernelToCheck& k : kernels) {
    nlohmann::json row = {{"kernel", k.entry->name}, {"threads_per_block", threads}};
    KernelAttributes attributes;
    if (!on_gpu) {
      row["note"] = "registers come from the GPU compiler (cudaFuncGetAttributes): not available on the emulator";
    } else if (Status s = device.kernel_attributes(*k.entry, &attributes); !s.ok()) {
      row["note"] = s.message;
    } else {
      const Occupancy calculated =
          occupancy(here, threads, attributes.registers_per_thread, attributes.static_shared_bytes + k.dynamic_shared);
      int api = -1;
      const Status asked = device.max_active_blocks_per_sm(*k.entry, threads, k.dynamic_shared, &api);
      row["registers_per_thread"] = attributes.registers_per_thread;
      row["static_shared_bytes"] = attributes.static_shared_bytes;
      row["calculator"] = calculated.blocks_per_sm;
      row["limiter"] = to_string(calculated.limiter);
      if (asked.ok()) row["cuda_occupancy"] = api, row["agree"] = api == calculated.blocks_per_sm;
      else row["note"] = asked.message;
    }
    checks.push_back(row);
  }
  run->results["kernels"] = checks;
  run->results["kernels_checked_on"] = on_gpu ? device_label(device.facts()) : "the emulator (no check)";
  run->status = Status::success();
}

std::vector<View> calculator_views(const Run& run) {
  const nlohmann::json& c = run.results.value("calculator", nlohmann::json::object());
  const int blocks = c.value("blocks_per_sm", 0), warps_per_block = std::max(c.value("warps_per_block", 1), 1);
  const int max_warps = c.value("max_warps_per_sm", 64);
  const std::string limiter = c.value("limiter", "");

  // One SM's warp slots, 8 to a row; each resident block colours its warps.
  CellGridView sm;
  sm.title = say("One SM of {} ({}): {} blocks × {} warps = {} of {} warp slots ({:.0f} % occupancy), "
                 "limited by {}",
                 as_is(c.value("arch", "?")), as_is(c.value("example", "")), blocks, warps_per_block, blocks * warps_per_block,
                 max_warps, 100 * c.value("occupancy", 0.0), limiter);
  sm.cols = 8;
  sm.rows = (max_warps + sm.cols - 1) / sm.cols;
  for (int slot = 0; slot < max_warps; ++slot) {
    const int block = slot / warps_per_block;
    const bool used = block < blocks;
    sm.cells.push_back({slot % sm.cols, slot / sm.cols, used ? block % 12 : -1, used ? 0.8f : 1.f,
                        used ? std::to_string(block) : "",
                        used ? say("warp slot {}: block {}, its warp {}", slot, block, slot % warps_per_block)
                             : say("warp slot {}: empty", slot)});
  }
  for (int block = 0; block < blocks && block < 12; ++block) sm.legend.push_back(say("block {}", block));
  sm.legend.resize(std::max<std::size_t>(sm.legend.size(), 1));

  TableView limits;
  limits.title = "Each limit alone: how many blocks it allows";
  limits.columns = {"resource", "one SM has", "one block needs", "blocks it allows"};
  const nlohmann::json& l = c.value("limits", nlohmann::json::object());
  limits.rows = {
      {"threads (whole warps)", say("{} threads = {} warps", l.value("max_threads_per_sm", 0), max_warps),
       say("{} warps", warps_per_block), count_or_any(c.value("by_threads", 0))},
      {"blocks", say("{} blocks", l.value("max_blocks_per_sm", 0)), say("{} block", 1),
       count_or_any(c.value("by_blocks", 0))},
      {"registers", say("{} registers", l.value("registers_per_sm", 0)),
       say("{} per warp × {} warps", c.value("registers_per_warp", 0), warps_per_block),
       count_or_any(c.value("by_registers", 0))},
      {"shared memory", say("{} KiB", l.value("shared_per_sm", std::size_t(0)) / 1024),
       say("{} bytes (with the {}-byte reserve, rounded to {})", c.value("shared_per_block_allocated", std::size_t(0)),
           l.value("reserved_shared_per_block", 0), l.value("shared_allocation_unit", 0)),
       count_or_any(c.value("by_shared", 0))},
  };

  FactsView facts;
  facts.title = "Occupancy";
  facts.facts = {{"resident blocks per SM", std::to_string(blocks)},
                 {"limited by", limiter},
                 {"resident warps per SM", say("{} of {}", blocks * warps_per_block, max_warps)},
                 {"values from", run.results.value("source", "")}};

  TableView kernels;
  kernels.title = "The chapter's kernels on " + run.results.value("kernels_checked_on", std::string("?"));
  kernels.columns = {"kernel", "registers per thread", "static shared", "calculator", "cudaOccupancy…", "agree"};
  for (const auto& k : run.results.value("kernels", nlohmann::json::array())) {
    if (k.contains("note") && !k.contains("cuda_occupancy")) {
      kernels.rows.push_back({k.value("kernel", ""), "—", "—", "—", "—", k.value("note", "")});
      continue;
    }
    kernels.rows.push_back({k.value("kernel", ""), std::to_string(k.value("registers_per_thread", 0)),
                            say("{} bytes", k.value("static_shared_bytes", 0)),
                            say("{} ({})", k.value("calculator", 0), k.value("limiter", "")),
                            std::to_string(k.value("cuda_occupancy", -1)), k.value("agree", false) ? "yes" : "NO"});
  }

  TableView every;
  every.title = "The same block on every GPU of the table";
  every.columns = {"GPU", "threads/SM", "blocks/SM", "shared/SM", "resident blocks", "limited by", "occupancy"};
  for (const auto& g : run.results.value("every_gpu", nlohmann::json::array())) {
    const nlohmann::json& gl = g.value("limits", nlohmann::json::object());
    every.rows.push_back({say("{} ({})", as_is(g.value("arch", "")), as_is(g.value("example", ""))),
                          std::to_string(gl.value("max_threads_per_sm", 0)), std::to_string(gl.value("max_blocks_per_sm", 0)),
                          say("{} KiB", gl.value("shared_per_sm", std::size_t(0)) / 1024),
                          g.value("refused", "").empty() ? std::to_string(g.value("blocks_per_sm", 0)) : "none fits",
                          g.value("limiter", ""), say("{:.0f} %", 100 * g.value("occupancy", 0.0))});
  }
  return views_of(std::move(sm), std::move(limits), std::move(facts), std::move(kernels), std::move(every));
}

}  // namespace cudalab::lessons::launch_config
