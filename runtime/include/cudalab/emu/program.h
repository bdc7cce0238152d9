#pragma once
// A whole CUDA program on the emulator (`cudalab exec`, host-code exercises): what `#include
// <cuda_runtime.h>` means there. The program's text is compiled after this header, with its
// launches and `extern __shared__` arrays rewritten (cudalab/program_text.h); its main() runs in a
// sandboxed worker (runtime/emu/host_runtime.cpp binds the device its calls reach).
//
// The C++ headers a program commonly includes come first, so that the macros below (printf, and
// cuda_emu.h's threadIdx, assert…) never reach inside them.
#include <algorithm>
#include <array>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "cudalab/emu/cuda_emu.h"
// A whole program, not one of the app's emulator builds of a lesson: a lesson header that calls
// into the app there (chapter 10's who_writes.cuh) takes its plain path, as under nvcc.
#define CUDALAB_WHOLE_PROGRAM 1
// warpSize is a variable in CUDA, not a macro: cudaDeviceProp has a member of that name.
#undef warpSize
inline constexpr int warpSize = 32;
#include "cudalab/emu/runtime_api.h"

// One printf for host and device code, as CUDA's: inside a kernel the emulator captures it (and
// the runtime prints it at the next synchronisation, as a GPU does); on the host it is the C
// library's.
template <class... Args>
int cudalab_printf(const char* format, Args... args) {
  if (::cudalab::emu::tls_context != nullptr) return ::cudalab::emu::printf(format, args...);
  return std::fprintf(stdout, format, ::cudalab::emu::printf_argument(args)...);
}
namespace std {
using ::cudalab_printf;
}
#define printf cudalab_printf
