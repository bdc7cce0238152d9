// Chapter 3, step 1: the memory map. Thread, block and grid against the memories each can see
// (registers, local, shared, L2, global), every size read from this device's facts: the picture is
// the textbook diagram with this machine's numbers in it.
#include <fmt/format.h>

#include "memory_steps.h"
#include "text/say.h"

namespace cudalab::lessons::memory {
namespace {

// Palette groups of the diagram, one per kind of memory (the legend names them).
enum MemoryGroup { kRegisters = 0, kLocal = 1, kShared = 2, kL2 = 3, kGlobal = 4, kHost = 5 };

// The diagram draws two blocks of four threads: enough to show "per thread", "per block" and
// "whole grid" side by side. The real grid may have millions of threads; the sizes are real.
constexpr int kBlocksDrawn = 2, kThreadsDrawn = 4;
constexpr int kGapColumns = 1;
constexpr int kColumns = kBlocksDrawn * kThreadsDrawn + (kBlocksDrawn - 1) * kGapColumns;

std::string count_in_words(long long count) {
  if (count >= 1024 && count % 1024 == 0) return say("{} Ki", count / 1024);
  return std::to_string(count);
}

struct MemorySizes {
  std::string registers, local, shared, l2, global, host;
};

MemorySizes sizes_of(const DeviceFacts& f) {
  MemorySizes s;
  const bool gpu = f.is_gpu();
  s.registers = gpu ? say("{} 32-bit registers per block, {} per SM", count_in_words(f.regs_per_block),
                          count_in_words(f.regs_per_sm))
                    : "the CPU's own registers (the emulator compiles kernels for the CPU)";
  s.local = gpu ? "as much per thread as the compiler needs (step 5 asks it); it lives in global memory"
                : "the worker's stack in host memory";
  // One whole message for each case, so that each reads in its own word order.
  const std::string per_block = bytes_in_words(double(f.shared_per_block));
  const std::string opt_in = bytes_in_words(double(f.shared_per_block_optin));
  const std::string per_sm = bytes_in_words(double(f.shared_per_sm));
  const bool has_opt_in = f.shared_per_block_optin > f.shared_per_block;
  if (!gpu) {
    s.shared = has_opt_in ? say("{} per block ({} with opt-in), one copy per worker thread", per_block, opt_in)
                          : say("{} per block, one copy per worker thread", per_block);
  } else if (f.shared_per_sm > 0) {
    s.shared = has_opt_in ? say("{} per block ({} with opt-in), {} per SM", per_block, opt_in, per_sm)
                          : say("{} per block, {} per SM", per_block, per_sm);
  } else {
    s.shared = has_opt_in ? say("{} per block ({} with opt-in)", per_block, opt_in) : say("{} per block", per_block);
  }
  s.l2 = gpu ? bytes_in_words(double(f.l2_bytes)) : "the CPU's caches (not a GPU's L2)";
  const std::string global = bytes_in_words(double(f.global_mem_bytes));
  s.global = gpu ? global : say("{} of host memory set aside for the emulator", global);
  s.host = gpu ? "the computer's RAM: by default kernels cannot read it, copies move data across (mapped pinned "
                 "and managed memory are the exceptions)"
               : "the computer's RAM";
  return s;
}

}  // namespace

Step memory_map_step() {
  Step step{"The memory map", {}};
  step.prediction = Prediction{.question = "How much shared memory may one block use without opting in?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"16 KiB", "48 KiB", "1 MiB"},
                               .answer_key = "shared_per_block_choice"};
  return step;
}

void run_memory_map(const ParamValues&, Device& device, RunControl&, Run* run) {
  const DeviceFacts& f = device.facts();
  run->results["registers_per_block"] = f.regs_per_block;
  run->results["registers_per_sm"] = f.regs_per_sm;
  run->results["shared_per_block"] = f.shared_per_block;
  for (int i = 0; const std::size_t choice : {std::size_t(16) << 10, std::size_t(48) << 10, std::size_t(1) << 20}) {
    if (f.shared_per_block == choice) run->results["shared_per_block_choice"] = i;
    ++i;
  }
  run->results["shared_per_block_optin"] = f.shared_per_block_optin;
  run->results["shared_per_sm"] = f.shared_per_sm;
  run->results["l2_bytes"] = f.l2_bytes;
  run->results["global_bytes"] = f.global_mem_bytes;
  run->results["free_global_bytes"] = device.free_memory();
  run->results["max_threads_per_block"] = f.max_threads_per_block;
  run->status = Status::success();
}

std::vector<View> memory_map_views(const Run& run) {
  const DeviceFacts& f = run.device;
  const MemorySizes sizes = sizes_of(f);
  const std::string sm = f.is_gpu() ? "SM" : "worker";

  CellGridView map;
  map.title = say("Where data lives on {}: {} blocks of {} threads drawn, sizes from this device", f.name,
                  kBlocksDrawn, kThreadsDrawn);
  map.cols = kColumns;
  map.rows = 6;
  map.legend = {"regs: registers (one thread)", "local: local memory (one thread)", "smem: shared memory (one block)",
                "L2: L2 cache (the whole grid)", "gmem: global memory (the whole grid, and the host's copies)",
                "host: host memory"};
  auto add = [&](int col, int row, MemoryGroup group, std::string label, std::string tooltip) {
    map.cells.push_back({col, row, group, 0.85f, std::move(label), std::move(tooltip)});
  };
  for (int block = 0; block < kBlocksDrawn; ++block) {
    const int first_col = block * (kThreadsDrawn + kGapColumns);
    for (int thread = 0; thread < kThreadsDrawn; ++thread) {
      const int col = first_col + thread;
      add(col, 0, kRegisters, "regs",
          say("Registers of thread {} of block {}: its ordinary variables, the fastest storage there is. "
              "Nobody else can read them. {}.",
              thread, block, sizes.registers));
      add(col, 1, kLocal, "local",
          say("Local memory of thread {} of block {}: private like registers, but kept in global memory "
              "(cached): arrays indexed at run time and values that do not fit in registers. Size: {}.",
              thread, block, sizes.local));
      add(col, 2, kShared, "smem",
          say("Shared memory of block {}: {}. On the {} running the block, as fast as a cache; all of "
              "block {}'s threads see it, no other block does, and it is gone when the block ends.",
              block, sizes.shared, sm, block));
    }
    map.frames.push_back({first_col, 0, kThreadsDrawn, 3, say("block {}", block), kShared});
  }
  for (int col = 0; col < kColumns; ++col) {
    add(col, 3, kL2, "L2",
        say("L2 cache: {}. Every SM reads global memory through it; kernels do not address it.", sizes.l2));
    add(col, 4, kGlobal, "gmem",
        say("Global memory: {}. Every thread of every block (and every later kernel) sees it; the host "
            "fills it and reads it back with copies (cudaMemcpy). The slowest of the device's memories.",
            sizes.global));
    add(col, 5, kHost, "host", say("Host memory: {}.", sizes.host));
  }

  TableView table;
  table.title = say("The memories of {}", f.is_gpu() ? f.name : std::string("the CPU emulator"));
  table.columns = {"memory", "who sees it", "lives until", "size on this device", "in CUDA C++"};
  table.rows = {
      {"registers", "one thread", "the thread ends", sizes.registers, "ordinary local variables"},
      {"local memory", "one thread", "the thread ends", sizes.local, "arrays indexed at run time, spills"},
      {"shared memory", "the threads of one block", "the block ends", sizes.shared, "__shared__ float tile[256];"},
      {"L2 cache", "every SM (automatic)", "evicted", sizes.l2, "nothing to write: the hardware uses it"},
      {"global memory", "every thread, every kernel, the host's copies", "cudaFree", sizes.global,
       "cudaMalloc, cudaMemcpy"},
  };

  FactsView facts;
  facts.title = "Fastest to slowest";
  facts.facts = {
      {"registers", "a thread's own: no sharing, no waiting"},
      {"shared memory", say("{} per block: reuse data here instead of reading global memory again",
                            bytes_in_words(double(f.shared_per_block)))},
      {"global memory", say("{} in all, {} free now", bytes_in_words(double(f.global_mem_bytes)),
                            bytes_in_words(run.results.value("free_global_bytes", 0.0)))},
  };
  const double theoretical = f.theoretical_bandwidth_gbs();
  facts.facts.push_back({"global memory bandwidth (theoretical)",
                         theoretical > 0 ? say("{} ({:.0f} MHz × {} bits × 2): step 2 measures it",
                                               bandwidth_in_words(theoretical), f.mem_clock_khz / 1000.0,
                                               f.mem_bus_width_bits)
                                         : "not known for the emulator: step 2 measures this machine's memory"});
  if (!f.is_gpu())
    facts.facts.push_back({"on this machine", "the emulator keeps every kind of memory in host RAM; the rules of who "
                                              "sees what are the same, the speeds are the CPU's"});
  return views_of(std::move(map), std::move(table), std::move(facts));
}

}  // namespace cudalab::lessons::memory
