#pragma once
// What a student's kernel is compiled after on the CPU emulator (compile_submission.cpp): the
// emulation, half precision, the probe, and the headers a kernel file may name. Parsing these was
// most of a check's compile time, so the build precompiles this one header with the emulator's
// own options (cmake/ExercisePrefix.cmake → share/cudalab/jit/), and a check uses it when its stamp
// matches this executable's (precompiled_prefix.h); otherwise the compiler reads it as it is.
//
// The student's own #include lines land inside `namespace student`, so the headers a kernel file
// may name come first here at file scope, where their include guards then keep them: included
// again inside the namespace, libstdc++'s <cstdlib> fails on g++ 13 ('lldiv_t' has not been
// declared in '__gnu_cxx').
#include "cudalab/emu/cuda_emu.h"
#include "cudalab/emu/half.h"
#include "probe.cuh"

#include <cstdlib>
#include <stdlib.h>
#include <cmath>
#include <cstdint>
#include <stdint.h>
#include <cstdio>
#include <stdio.h>
#include <cstring>
#include <string.h>
#include <climits>
#include <limits.h>
#include <cfloat>
#include <float.h>
