#pragma once
// The standard headers a student's kernel names out of habit (<cstdio>, <cstdint>, <cassert>,
// <cuda_runtime.h>…), for NVRTC, which has no standard library: what device code may use of each
// is built into NVRTC (printf, malloc, memcpy, the math functions) or given here (the fixed-width
// integers, the limits, assert), so that valid CUDA compiles on the GPU as it does with nvcc.
#include <string>
#include <utility>
#include <vector>

namespace cudalab::lessons::exercises {

// (include name, text) pairs, handed to NVRTC in memory.
const std::vector<std::pair<std::string, std::string>>& nvrtc_standard_headers();

}  // namespace cudalab::lessons::exercises
