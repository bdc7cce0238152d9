#pragma once
// The GPU backend is a library the executable loads at run time (libcudalab-gpu.so), the way it
// opens cuBLAS and NVRTC: one executable runs with it (GPU and emulator) or without it (emulator
// only, said in words). Found, in order: $CUDALAB_GPU_BACKEND (a path; "none" hides it), the path
// given to use_gpu_backend(), the executable's folder, <prefix>/lib/cudalab beside an installed
// bin/, and the build tree's bin/. Loaded once per process, on the first query.
#include <string>

#include "cudalab/message.h"

namespace cudalab {

struct GpuBackendState {
  std::string path;      // the library in use; empty when there is none
  Message why_none;  // when there is none: why, in words
};

// Loads the backend if no one asked yet; says which one is in use, or why none is.
const GpuBackendState& gpu_backend_state();
// Before the first query: the backend to load instead of searching (test programs load one built
// with their own test kernels). Ignored once a backend was looked for.
void use_gpu_backend(std::string path);

}  // namespace cudalab
