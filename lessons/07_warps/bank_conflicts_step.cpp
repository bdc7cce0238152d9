// Chapter 7, step 3: shared-memory bank conflicts. A 32 × 32 tile transpose, without and with one
// column of padding. One traced block records the byte offset of every lane's store into the tile
// and load from it; the banks ((offset / 4) % 32) and each warp's conflict degree come from those
// offsets. Both kernels are then timed at n × n and checked against a CPU transpose.
#include <algorithm>
#include <tuple>

#include <fmt/format.h>

#include "common/hardware_counts.h"
#include "common/measuring.h"
#include "cudalab/buffer.h"
#include "kernels.h"
#include "text/say.h"
#include "warps_steps.h"

namespace cudalab::lessons::warps {
namespace {

using TransposeKernel = Kernel<void(int, const float*, float*, cudalab::Trace)>;
constexpr unsigned kThreadsPerTile = kTileEdge * kTileEdge;

LaunchConfig transpose_config(int n) {
  const unsigned tiles = (unsigned(n) + kTileEdge - 1) / kTileEdge;
  return {Dim3(tiles, tiles), Dim3(kTileEdge, kTileEdge)};
}

std::vector<float> transposed(const std::vector<float>& in, int n) {
  std::vector<float> out(in.size());
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x) out[std::size_t(x) * n + y] = in[std::size_t(y) * n + x];
  return out;
}

// One 32 × 32 block, traced: each warp's banks and conflict degree for the store and the load.
Status trace_banks(Device& device, const TransposeKernel& kernel, int shown_warp, nlohmann::json* out) {
  const int n = int(kTileEdge);
  const std::vector<float> in = random_inputs(std::size_t(n) * n, 33);
  Buffer<float> in_on_device, out_on_device;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, in, &in_on_device));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, in.size(), &out_on_device));
  TraceBuffer trace;
  CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, 2 * kThreadsPerTile, &trace));
  CUDALAB_RETURN_IF_ERROR(launch(device, kernel, transpose_config(n), n, in_on_device.data(), out_on_device.data(), trace.handle()));
  std::vector<TraceEvent> events;
  CUDALAB_RETURN_IF_ERROR(read_all_events(device, trace, &events));
  std::vector<float> result(in.size());
  CUDALAB_RETURN_IF_ERROR(out_on_device.download(result));
  const unsigned warps = kThreadsPerTile / 32;
  std::vector<std::vector<int>> stores(warps, std::vector<int>(32, -1)), loads(warps, std::vector<int>(32, -1));
  for (const TraceEvent& e : events)
    if (e.thread < kThreadsPerTile && (e.kind == kTileStore || e.kind == kTileLoad))
      (e.kind == kTileStore ? stores : loads)[e.thread / 32][e.thread % 32] = e.payload[0];
  nlohmann::json store_degrees = nlohmann::json::array(), load_degrees = nlohmann::json::array();
  int worst_store = 0, worst_load = 0;
  for (unsigned w = 0; w < warps; ++w) {
    const int store = banks_of(stores[w]).degree, load = banks_of(loads[w]).degree;
    store_degrees.push_back(store);
    load_degrees.push_back(load);
    worst_store = std::max(worst_store, store);
    worst_load = std::max(worst_load, load);
  }
  const WarpBanks shown_store = banks_of(stores[std::size_t(shown_warp)]), shown_load = banks_of(loads[std::size_t(shown_warp)]);
  *out = {{"store_degrees", store_degrees}, {"load_degrees", load_degrees}, {"store_degree", worst_store},
          {"load_degree", worst_load}, {"shown_store_offsets", stores[std::size_t(shown_warp)]},
          {"shown_load_offsets", loads[std::size_t(shown_warp)]},
          {"shown_store_banks", std::vector<int>(shown_store.lane_bank, shown_store.lane_bank + 32)},
          {"shown_load_banks", std::vector<int>(shown_load.lane_bank, shown_load.lane_bank + 32)},
          {"transposes", result == transposed(in, n)}};
  return Status::success();
}

}  // namespace

Step bank_conflicts_step() {
  Param n{"n", "Matrix size n (n × n floats)", Param::Kind::integer, 32, 8192, 2048};
  n.log_scale = true;
  n.emulator_default = 1024;
  n.help = "Both kernels are timed transposing an n × n matrix, 32 × 32 threads per block.";
  Param warp{"warp", "Warp shown (its threadIdx.y)", Param::Kind::integer, 0, 31, 0};
  warp.help = "In a 32 × 32 block, warp w is the row threadIdx.y = w. Every warp of the block follows the same pattern.";
  Step step{"Shared-memory bank conflicts", {n, warp}};
  step.kernels = {"transpose_unpadded", "transpose_padded"};
  step.prediction = Prediction{.question = "A warp reads one column of the unpadded 32 × 32 tile: how many of its lanes "
                                           "ask for the same bank?",
                               .unit = "lanes",
                               .answer_key = "column_read_degree"};
  return step;
}

void run_bank_conflicts(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const int n = int(values.at("n")), shown_warp = int(values.at("warp"));
  run->results["n"] = n;
  run->results["warp"] = shown_warp;
  run->status = [&]() -> Status {
    nlohmann::json unpadded, padded;
    CUDALAB_RETURN_IF_ERROR(trace_banks(device, transpose_unpadded, shown_warp, &unpadded));
    CUDALAB_RETURN_IF_ERROR(trace_banks(device, transpose_padded, shown_warp, &padded));
    run->results["column_read_degree"] = unpadded["load_degree"];
    // The same one-tile launches under the GPU's counters: a warp's shared access served in d
    // turns (wavefronts) is a d-way conflict, so wavefronts ÷ instructions should equal the trace's
    // degree; and each warp's global row of 32 floats should take 4 sectors of 32 bytes.
    {
      const int tile = int(kTileEdge);
      const std::vector<float> in = random_inputs(std::size_t(tile) * tile, 33);
      Buffer<float> in_on_device, out_on_device;
      CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, in, &in_on_device));
      CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, in.size(), &out_on_device));
      nlohmann::json counts;
      CUDALAB_RETURN_IF_ERROR(read_hardware_counts(
          device,
          {kSharedLoadWavefronts, kSharedLoads, kSharedLoadBankConflicts, kSharedStoreWavefronts, kSharedStores,
           kSharedStoreBankConflicts, kGlobalLoadSectors, kGlobalLoadRequests, kGlobalStoreSectors, kGlobalStoreRequests},
          [&]() -> Status {
            for (const TransposeKernel* kernel : {&transpose_unpadded, &transpose_padded})
              CUDALAB_RETURN_IF_ERROR(launch(device, *kernel, transpose_config(tile), tile, in_on_device.data(), out_on_device.data(), Trace{}));
            return Status::success();
          },
          &counts));
      run->results["hardware"] = counts;
    }
    control.progress = 0.1f;

    CUDALAB_RETURN_IF_ERROR(check_host_room(device, 3 * std::size_t(n) * n * sizeof(float), 2 * std::size_t(n) * n * sizeof(float)));
    const std::vector<float> in = random_inputs(std::size_t(n) * n, 34);
    const std::vector<float> want = transposed(in, n);
    Buffer<float> in_on_device, out_on_device;
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, in, &in_on_device));
    CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, in.size(), &out_on_device));
    const RepeatPolicy policy = repeat_policy(device);
    bool all_match = unpadded.value("transposes", false) && padded.value("transposes", false);
    for (const auto& [key, kernel, traced] : {std::tuple{"unpadded", &transpose_unpadded, &unpadded},
                                        std::tuple{"padded", &transpose_padded, &padded}}) {
      Timing timing;
      timing.label = kernel->name();
      CUDALAB_RETURN_IF_ERROR(out_on_device.zero());
      CUDALAB_RETURN_IF_ERROR(time_on_device(
          device, [&] { return launch(device, *kernel, transpose_config(n), n, in_on_device.data(), out_on_device.data(), Trace{}); },
          policy, control, &timing));
      std::vector<float> got(in.size());
      CUDALAB_RETURN_IF_ERROR(out_on_device.download(got));
      const bool matches = got == want;
      all_match = all_match && matches;
      (*traced)["ms"] = timing.ms;
      (*traced)["gbs"] = gigabytes_per_second(2.0 * 4 * double(n) * n, timing.ms);
      (*traced)["matches"] = matches;
      run->timings.push_back(timing);
      run->results["timing_label"] = timing_label(timing.source);
      control.progress = control.progress + 0.45f;
    }
    run->results["unpadded"] = unpadded;
    run->results["padded"] = padded;
    run->results["matches"] = all_match;
    if (!all_match) return Status::error(StatusCode::internal, "a transpose differs from the CPU's");
    return Status::success();
  }();
}

std::vector<View> bank_conflicts_views(const Run& run) {
  if (!run.results.contains("unpadded") || !run.results.contains("padded")) return {};
  const int shown_warp = run.results.value("warp", 0);
  std::vector<View> views;
  for (const char* key : {"unpadded", "padded"}) {
    const auto& side = run.results[key];
    const bool pad = std::string(key) == "padded";
    CellGridView grid;
    grid.title = say("{}: the bank each lane of warp {} hits reading tile[threadIdx.x][threadIdx.y] "
                     "(row: lane, column: bank); {}-way",
                     as_is(pad ? "tile[32][33]" : "tile[32][32]"), shown_warp, side.value("load_degree", 0));
    grid.cols = 32;
    grid.rows = 32;
    grid.legend = {"one lane on its bank", "lanes sharing a bank"};
    const std::vector<int> banks = side.value("shown_load_banks", std::vector<int>{});
    const std::vector<int> offsets = side.value("shown_load_offsets", std::vector<int>{});
    std::vector<int> on_bank(32, 0);
    for (int bank : banks)
      if (bank >= 0) ++on_bank[std::size_t(bank)];
    for (std::size_t lane = 0; lane < banks.size() && lane < offsets.size(); ++lane) {
      if (banks[lane] < 0) continue;
      CellGridView::Cell cell;
      cell.col = banks[lane];
      cell.row = int(lane);
      cell.group = on_bank[std::size_t(banks[lane])] > 1 ? 1 : 0;
      cell.label = std::to_string(lane);
      cell.tooltip = say("lane {} reads byte {} of the tile: bank ({} / 4) % 32 = {}, shared with {} other lane(s)",
                         lane, offsets[lane], offsets[lane], banks[lane], on_bank[std::size_t(banks[lane])] - 1);
      grid.cells.push_back(std::move(cell));
    }
    views.emplace_back(std::move(grid));
  }
  const std::string clock = run.results.value("timing_label", "");
  TableView table;
  table.title = say("Transposing {0} × {0} floats through a 32 × 32 tile ({1})", run.results.value("n", 0), clock);
  table.columns = {"kernel", "store tile[ty][tx]: conflict degree", "load tile[tx][ty]: conflict degree", "kernel time",
                   "GB/s (read + write)", "checked against the CPU"};
  for (const char* key : {"unpadded", "padded"}) {
    const auto& side = run.results[key];
    table.rows.push_back({std::string("transpose_") + key, say("{}-way", side.value("store_degree", 0)),
                          say("{}-way", side.value("load_degree", 0)), milliseconds_in_words(side.value("ms", 0.0)),
                          bandwidth_in_words(side.value("gbs", 0.0)), side.value("matches", false) ? "matches" : "DIFFERS"});
  }
  FactsView facts;
  facts.title = "Bank conflicts";
  const double unpadded_ms = run.results["unpadded"].value("ms", 0.0), padded_ms = run.results["padded"].value("ms", 0.0);
  facts.facts.push_back({"column read, no padding", say("{}-way: the warp's load is served in that many turns",
                                                        run.results["unpadded"].value("load_degree", 0))});
  facts.facts.push_back({"column read, one column of padding", say("{}-way", run.results["padded"].value("load_degree", 0))});
  if (padded_ms > 0) facts.facts.push_back({"unpadded ÷ padded time", say("{:.2f}× ({})", unpadded_ms / padded_ms, clock)});
  if (run.results.contains("hardware")) {
    const nlohmann::json& counts = run.results["hardware"];
    if (counts.value("read", false)) {
      for (const char* key : {"unpadded", "padded"}) {
        const std::string kernel = std::string("transpose_") + key;
        const double wavefronts = counted(counts, kernel, kSharedLoadWavefronts), loads = counted(counts, kernel, kSharedLoads),
                     conflicts = counted(counts, kernel, kSharedLoadBankConflicts);
        if (loads > 0)
          facts.facts.push_back({kernel + ", the GPU's own count",
                                 say("{:.0f} shared loads served in {:.0f} turns: {:.1f}-way (the trace: {}-way); "
                                     "{:.0f} bank conflicts counted",
                                     loads, wavefronts, wavefronts / loads, run.results[key].value("load_degree", 0), conflicts)});
      }
      const double sectors = counted(counts, "transpose_padded", kGlobalLoadSectors),
                   requests = counted(counts, "transpose_padded", kGlobalLoadRequests),
                   store_sectors = counted(counts, "transpose_padded", kGlobalStoreSectors),
                   store_requests = counted(counts, "transpose_padded", kGlobalStoreRequests);
      if (requests > 0 && store_requests > 0)
        facts.facts.push_back({"global memory, the GPU's own count",
                               say("{:.1f} sectors per load request, {:.1f} per store request: a warp's 32 floats "
                                   "are 128 bytes, four 32-byte sectors",
                                   sectors / requests, store_sectors / store_requests)});
      facts.facts.push_back({"counted by", counts.value("source", "")});
    } else {
      facts.facts.push_back({"the GPU's own count", counts.value("why", "")});
    }
  }
  if (!run.device.is_gpu())
    facts.facts.push_back({"on the emulator", "the banks come from the kernel's real offsets and hold on a GPU; the emulator's "
                                              "shared memory is ordinary CPU memory with no banks, so the times cannot show them"});
  views.emplace_back(std::move(table));
  views.emplace_back(std::move(facts));
  return views;
}

}  // namespace cudalab::lessons::warps
