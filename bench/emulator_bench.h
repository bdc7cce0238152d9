#pragma once
// `cudalab bench emulator`: how fast the CPU emulator runs the chapter-5 matmul kernels and an
// empty kernel, against a plain C++ loop doing the same arithmetic, and a warp-shuffle block sum
// against the shared-memory tree (reduction_bench.h). Prints a table; every result
// is checked against the CPU loop before its time is printed. Never asserts on time.
#include <ostream>
#include <vector>

namespace cudalab {

struct EmulatorBenchOptions {
  std::vector<int> sizes{128, 256};  // matrix sizes n (n × n floats)
  int repeats = 7;                   // each time is the median of this many runs
  int rounds = 1;                    // > 1: the whole table this many times, then each figure's median and best
  int all_workers = 0;               // the "all cores" column; 0 = one worker per core
  long long empty_kernel_threads = 1 << 22;  // threads of the empty-kernel launch
  int reduction_elements = 1 << 20;          // ints summed per block by the two reduction kernels
  int reduction_threads_per_block = 256;
  bool matmul_only = false;  // only the matmul rows (bench/tools/numba_vs_emulator.py)
};

// Returns 0, or 1 when a kernel's result disagreed with the CPU loop (its time is then not shown).
int run_emulator_bench(std::ostream& out, const EmulatorBenchOptions& options);

}  // namespace cudalab
