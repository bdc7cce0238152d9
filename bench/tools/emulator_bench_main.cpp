// The emulator benchmark on its own (the app's `cudalab bench emulator` prints the same table).
#include <cstdlib>
#include <iostream>

#include "emulator_bench.h"

int main(int argc, char** argv) {
  cudalab::EmulatorBenchOptions options;
  if (argc > 1) options.repeats = std::atoi(argv[1]);
  return cudalab::run_emulator_bench(std::cout, options);
}
