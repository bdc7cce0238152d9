// Chapter 3, step 4: shared memory belongs to a block. Every thread writes its block's id into its
// slot of the block's shared array and reads a neighbour's slot; the host reads back what each
// thread saw. With __syncthreads() between the write and the read, every thread sees its own
// block's id: no block ever sees another block's shared memory. Without it, a thread may read
// before its neighbour has written and get whatever that memory held before.
#include <algorithm>
#include <atomic>
#include <chrono>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "cudalab/trace.h"
#include "kernels.h"
#include "memory_steps.h"
#include "text/say.h"

namespace cudalab::lessons::memory {
namespace {

// What `seen` holds before the kernel; every thread overwrites its entry with what it read.
constexpr int kBeforeTheKernel = -1;
constexpr unsigned kThreadsPerRow = 32;  // the picture draws one warp per row
constexpr int kMarkScale = 1000;     // value = mark × 1000 + block id (blocks ≤ 64)
constexpr int kMarks = 1 << 21;      // marks below this keep mark × 1000 + 999 within an int

// A mark no earlier launch in this process used, starting from the clock so that another
// process's launches (whose values may still sit in a GPU's shared memory) are unlikely to match.
int next_launch_mark() {
  static std::atomic<unsigned> counter{static_cast<unsigned>(
      std::chrono::steady_clock::now().time_since_epoch().count() % kMarks)};
  return 1 + static_cast<int>(counter.fetch_add(1) % (kMarks - 1));
}

// What a value read from a slot says, for the tooltips.
std::string decode(int value, int mark) {
  if (value / kMarkScale == mark && value % kMarkScale >= 0)
    return say("{} = mark {} × 1000 + block {}", value, mark, value % kMarkScale);
  return say("{}, not this launch's mark: left by an earlier launch (or never written)", value);
}

}  // namespace

Step shared_per_block_step() {
  Param blocks{"blocks_per_grid", "Blocks per grid", Param::Kind::integer, 1, 64, 6};
  blocks.help = "Each block gets its own copy of the shared array slots[].";
  Param threads{"threads_per_block", "Threads per block", Param::Kind::integer, 2, 1024, 64};
  threads.log_scale = true;
  threads.help = "Threads of one block share one slots[] array.";
  Param offset{"offset", "Neighbour offset", Param::Kind::integer, 1, 1023, 1};
  offset.log_scale = true;
  offset.help = "Thread t reads slots[(t + offset) % blockDim.x]. Try 32: the neighbour is in another warp. In "
                "the same warp or not, only a barrier makes the read safe.";
  Param wait{"synchronize", "__syncthreads() between write and read", Param::Kind::toggle, 0, 1, 1};
  wait.help = "Off: a thread may read its neighbour's slot before the neighbour has written it.";
  Step step{"Shared memory belongs to a block", {blocks, threads, offset, wait}};
  step.kernels = {"read_neighbour_slot"};
  step.prediction = Prediction{
      .question = "__syncthreads() {synchronize}, offset {offset}: does every thread read what its neighbour wrote?",
      .kind = Prediction::Kind::choice,
      .choices = {"Yes, every thread", "No, some read an old value"},
      .answer_key = "some_reads_stale"};
  return step;
}

void run_shared_per_block(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const auto blocks = static_cast<unsigned>(values.at("blocks_per_grid"));
  const auto threads = static_cast<unsigned>(values.at("threads_per_block"));
  const int offset = static_cast<int>(values.at("offset"));
  const bool wait = values.at("synchronize") != 0;
  const LaunchConfig config{Dim3(blocks), Dim3(threads)};
  run->results["blocks_per_grid"] = blocks;
  run->results["threads_per_block"] = threads;
  run->results["offset"] = offset;
  run->results["synchronize"] = wait;
  run->results["launch"] = config.str();

  const int mark = next_launch_mark();
  run->results["launch_mark"] = mark;
  std::vector<int> seen(std::size_t(blocks) * threads, kBeforeTheKernel);
  run->status = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(validate_launch(config, device.facts()));
    Buffer<int> seen_on_device;
    CUDALAB_RETURN_IF_ERROR(Buffer<int>::from_host(device, seen, &seen_on_device));
    TraceBuffer trace;
    CUDALAB_RETURN_IF_ERROR(TraceBuffer::create(device, blocks, &trace));
    CUDALAB_RETURN_IF_ERROR(launch(device, read_neighbour_slot, config, seen_on_device.data(), offset, wait, mark,
                                   trace.handle()));
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    CUDALAB_RETURN_IF_ERROR(seen_on_device.download(seen));
    return trace.read(&run->trace, &run->trace_overflow);
  }();
  if (!run->status.ok()) return;

  // Sort what each thread read: its own block's id from this launch, or anything else — a value the
  // memory held before its neighbour wrote (left by an earlier block of this launch on the same
  // SM, or by an earlier launch).
  long long own = 0, stale = 0, stale_from_this_launch = 0;
  for (std::size_t id = 0; id < seen.size(); ++id) {
    const int block = static_cast<int>(id / threads);
    if (seen[id] == mark * kMarkScale + block) {
      ++own;
    } else {
      ++stale;
      stale_from_this_launch += seen[id] / kMarkScale == mark;
    }
  }
  std::vector<int> block_unit(blocks, -1);  // SM (or emulator worker) of each block, as it recorded
  for (const TraceEvent& e : run->trace)
    if (e.kind == kBlockRan && e.block < blocks) block_unit[e.block] = static_cast<int>(e.sm);
  run->results["seen"] = seen;
  run->results["block_unit"] = block_unit;
  run->results["own_block_reads"] = own;
  run->results["stale_reads"] = stale;
  run->results["stale_from_this_launch"] = stale_from_this_launch;
  run->results["some_reads_stale"] = stale > 0 ? 1 : 0;
}

std::vector<View> shared_per_block_views(const Run& run) {
  const unsigned blocks = run.results.value("blocks_per_grid", 0u);
  const unsigned threads = std::max(1u, run.results.value("threads_per_block", 1u));
  const int offset = run.results.value("offset", 1);
  const bool wait = run.results.value("synchronize", true);
  const int mark = run.results.value("launch_mark", 0);
  const auto seen = run.results.value("seen", std::vector<int>{});
  const auto block_unit = run.results.value("block_unit", std::vector<int>{});
  const bool gpu = run.device.is_gpu();
  const std::string unit = gpu ? "SM" : "worker";
  auto unit_of = [&](unsigned block) { return block < block_unit.size() ? block_unit[block] : -1; };

  // One band of rows per block, one row per warp (32 threads), a gap row between blocks.
  const int rows_per_block = static_cast<int>((threads + kThreadsPerRow - 1) / kThreadsPerRow);
  auto band_of = [&](unsigned block) { return static_cast<int>(block) * (rows_per_block + 1); };
  CellGridView grid;
  grid.title = say("What each thread read from slots[(t + {}) % {}]: one band per block, one row per warp{}",
                   offset, threads, wait ? ", after __syncthreads()" : ", without __syncthreads()");
  grid.cols = static_cast<int>(std::min(threads, kThreadsPerRow));
  grid.rows = band_of(blocks) - 1;
  for (unsigned b = 0; b < blocks; ++b) grid.legend.push_back(say("read block {}'s own id", b));
  grid.cells.reserve(seen.size());
  for (std::size_t id = 0; id < seen.size(); ++id) {
    const auto block = static_cast<unsigned>(id / threads), thread = static_cast<unsigned>(id % threads);
    const unsigned neighbour = (thread + static_cast<unsigned>(offset)) % threads;
    const int value = seen[id];
    CellGridView::Cell cell;
    cell.col = static_cast<int>(thread % kThreadsPerRow);
    cell.row = band_of(block) + static_cast<int>(thread / kThreadsPerRow);
    const std::string value_words = decode(value, mark);
    if (value == mark * kMarkScale + static_cast<int>(block)) {
      cell.group = static_cast<int>(block);
      cell.label = std::to_string(block);
      cell.tooltip = say("block {}, thread {} read slots[{}] = {}: its own block's id, written by thread {} of block {}",
                         block, thread, neighbour, value_words, neighbour, block);
    } else {
      cell.group = -1;
      cell.label = "old";
      std::string before = "whatever this memory held before";
      const int writer = value % kMarkScale;
      if (value / kMarkScale == mark && writer >= 0 && writer < static_cast<int>(blocks))
        before = say("the id block {} of this launch left in this {}'s shared memory when it ran there "
                     "before (block {} ran on {} {}, block {} on {} {}): shared memory is not cleared "
                     "between blocks",
                     writer, unit, writer, unit, unit_of(static_cast<unsigned>(writer)), block, unit, unit_of(block));
      cell.tooltip = say("block {}, thread {} read slots[{}] = {}: stale. Thread {} had not written its slot yet, so this is {}.",
                         block, thread, neighbour, value_words, neighbour, before);
    }
    grid.cells.push_back(std::move(cell));
  }
  for (unsigned b = 0; b < blocks; ++b)
    grid.frames.push_back({0, band_of(b), grid.cols, rows_per_block,
                           unit_of(b) >= 0 ? say("block {} (ran on {} {})", b, unit, unit_of(b))
                                           : say("block {}", b),
                           static_cast<int>(b)});

  const long long own = run.results.value("own_block_reads", 0LL), stale = run.results.value("stale_reads", 0LL);
  FactsView facts;
  facts.title = "What the threads read";
  facts.facts = {
      {"threads", say("{} ({} blocks × {})", seen.size(), blocks, threads)},
      {"read their own block's id", std::to_string(own)},
      {"read a stale value", std::to_string(stale)},
  };
  if (const long long earlier_block = run.results.value("stale_from_this_launch", 0LL); earlier_block)
    facts.facts.push_back({"stale values from another block of this launch",
                           say("{}: left by a block that had run on the same {} before (see the tooltips)",
                               earlier_block, unit)});
  if (wait)
    facts.facts.push_back({"after __syncthreads()", stale == 0 ? "every thread saw its own block's values, and only those"
                                                               : "some threads still read stale values: see the cells"});
  else
    facts.facts.push_back(
        {"without __syncthreads()",
         gpu ? "this varies from run to run: a neighbour in the same warp has often written already, by luck (since "
               "Volta the threads of a warp are not promised to run in lockstep); a neighbour in another warp often "
               "has not. Only a barrier makes it sure: __syncthreads() for the block, __syncwarp() inside a warp"
             : "the emulator runs a block's threads one after another until they meet a barrier, so every thread "
               "whose neighbour comes later reads before that neighbour writes"});

  CodeView code;
  code.title = "The kernel's heart";
  code.text = fmt::format(
      "__shared__ int slots[1024];                          // one array per block\n"
      "slots[threadIdx.x] = launch_mark * 1000 + blockIdx.x;  // my block's id, marked ({})\n"
      "{}"
      "int neighbour = (threadIdx.x + {}) % blockDim.x;\n"
      "seen[i] = slots[neighbour];                          // read a neighbour's slot\n",
      mark, wait ? "__syncthreads();                                     // wait for the whole block\n"
                 : "                                                     // (no __syncthreads(): nobody waits)\n",
      offset);
  code.highlight = {3};
  return views_of(std::move(grid), std::move(facts), std::move(code));
}

}  // namespace cudalab::lessons::memory
