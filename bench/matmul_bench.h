#pragma once
// `cudalab bench matmul [--sizes 1024,2048,4096] [--json FILE] [--ladder] [--tune]`: every
// matrix-multiply variant of chapters 5 and 6 (and cuBLAS where present) at each size, with TFLOP/s
// and % of cuBLAS, then the matmul ladder's rungs (matmul_ladder_bench.h) against cuBLAS SGEMM and
// TF32. Every result is checked against a float64 reference before its time is printed. Never
// asserts on time.
#include <ostream>
#include <string>
#include <vector>

#include "cudalab/device.h"

namespace cudalab {

struct MatmulBenchOptions {
  std::vector<int> sizes;  // empty: 1024, 2048, 4096 on a GPU; 128, 256 on the emulator
  std::string json_path;   // also write the rows as JSON here
  int loop_max = 1024;     // the triple loop only up to this n (at 2048 it takes minutes)
  bool ladder_only = false;  // --ladder: only the ladder's table (cuBLAS, chapter 6's tiles, the rungs)
  bool tune = false;         // --tune: sweep the ladder's instances first and save the fastest per rung
  int tune_size = 0;         // the n the tuner measures at; 0: 4096 on a GPU, 128 on the emulator
  std::string tuning_path;   // where the tuning is saved and read; empty: default_ladder_tuning_path()
  BackendRequest backend = BackendRequest::automatic;
};

// Returns 0, 1 when a variant was wrong or failed (its time is then not shown), 2 for bad options.
int run_matmul_bench(std::ostream& out, const MatmulBenchOptions& options);

}  // namespace cudalab
