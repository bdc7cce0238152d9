#pragma once
// `cudalab exec FILE.cu --backend gpu`: the program as a student builds it on a machine with the
// CUDA Toolkit — nvcc, the file alone, for this machine's GPU — run with the real runtime. Its
// output streams to stdout as it is written; its exit code is exec's. Unlike the emulator's run
// it is not sandboxed: it is the user's own program on the user's own GPU, as `./a.out` would be.
#include <functional>
#include <string>

#include "cudalab/device_facts.h"

namespace cudalab::app {

// nvcc: $CUDALAB_NVCC, else the first on PATH, else /usr/local/cuda/bin/nvcc; "" when none.
std::string find_nvcc();

struct GpuExec {
  std::string file;
  double time_limit_seconds = 60;
  std::string nvcc;  // find_nvcc()
};

// Compiles and runs; says on stderr what went wrong (compile errors as nvcc gives them, a time
// limit, a signal). Returns the program's exit code, or 1 when it could not run.
int exec_on_gpu(const GpuExec& exec, const DeviceFacts& facts);

}  // namespace cudalab::app
