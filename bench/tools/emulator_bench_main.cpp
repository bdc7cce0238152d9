// The emulator benchmark on its own (the app's `cudalab bench emulator` prints the same table).
//   cudalab_emulator_bench [--rounds R] [REPEATS [N WORKERS]]
// With N and WORKERS: only the matmul rows, at size N, with 1 and WORKERS workers (what
// bench/tools/numba_vs_emulator.py reads). With R > 1: the whole measurement R times, then each
// figure's median and best.
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <vector>

#include "emulator_bench.h"

int main(int argc, char** argv) {
  cudalab::EmulatorBenchOptions options;
  std::vector<const char*> positional;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--rounds") != 0) {
      positional.push_back(argv[i]);
    } else if (i + 1 < argc && std::atoi(argv[i + 1]) > 0) {
      options.rounds = std::atoi(argv[++i]);
    } else {
      std::cerr << "usage: cudalab_emulator_bench [--rounds R] [REPEATS [N WORKERS]] (R: a whole number from 1)\n";
      return 2;
    }
  }
  if (positional.size() > 0) options.repeats = std::atoi(positional[0]);
  if (positional.size() > 2) {
    options.sizes = {std::atoi(positional[1])};
    options.all_workers = std::atoi(positional[2]);
    options.matmul_only = true;
  }
  return cudalab::run_emulator_bench(std::cout, options);
}
