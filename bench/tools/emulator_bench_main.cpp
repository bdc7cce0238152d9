// The emulator benchmark on its own (the app's `cudalab bench emulator` prints the same table).
//   cudalab_emulator_bench [REPEATS [N WORKERS]]
// With N and WORKERS: only the matmul rows, at size N, with 1 and WORKERS workers (what
// bench/tools/numba_vs_emulator.py reads).
#include <cstdlib>
#include <iostream>

#include "emulator_bench.h"

int main(int argc, char** argv) {
  cudalab::EmulatorBenchOptions options;
  if (argc > 1) options.repeats = std::atoi(argv[1]);
  if (argc > 3) {
    options.sizes = {std::atoi(argv[2])};
    options.all_workers = std::atoi(argv[3]);
    options.matmul_only = true;
  }
  return cudalab::run_emulator_bench(std::cout, options);
}
