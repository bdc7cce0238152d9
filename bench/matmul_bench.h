#pragma once
// `cudalab bench matmul [--sizes 1024,2048,4096] [--json FILE]`: every matrix-multiply variant of
// chapters 5 and 6 (and cuBLAS where present) at each size, with TFLOP/s and % of cuBLAS. Every
// result is checked against a float64 reference before its time is printed. Never asserts on time.
#include <ostream>
#include <string>
#include <vector>

#include "cudalab/device.h"

namespace cudalab {

struct MatmulBenchOptions {
  std::vector<int> sizes;  // empty: 1024, 2048, 4096 on a GPU; 128, 256 on the emulator
  std::string json_path;   // also write the rows as JSON here
  int loop_max = 1024;     // the triple loop only up to this n (at 2048 it takes minutes)
  BackendRequest backend = BackendRequest::automatic;
};

// Returns 0, 1 when a variant was wrong or failed (its time is then not shown), 2 for bad options.
int run_matmul_bench(std::ostream& out, const MatmulBenchOptions& options);

}  // namespace cudalab
