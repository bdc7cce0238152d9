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
//
// What a check's compile still pays for this header is its size (the compiler maps the .gch in) and
// the templates its inline functions use, which g++ instantiates again at the end of every check
// (#32). C++17's special math functions (std::riemann_zeta, std::cyl_bessel_j…) were a third of
// both: host functions that no kernel can call under nvcc, left out of <cmath> here (libstdc++'s
// switch, before anything includes its configuration), about 25 ms of every check.
#if __has_include(<bits/c++config.h>)
#include <bits/c++config.h>
#undef _GLIBCXX_USE_STD_SPEC_FUNCS
#define _GLIBCXX_USE_STD_SPEC_FUNCS 0
#endif
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
// What the emulation headers used to bring along (<atomic>, C++17's <cmath>), which a kernel
// file may name too, and which stay at file scope (#32): all but <string>, <string_view>,
// <stdexcept>, <system_error> and <atomic>, host code under nvcc as well, and most of the cost.
#include <cctype>
#include <ctype.h>
#include <cerrno>
#include <errno.h>
#include <clocale>
#include <locale.h>
#include <cwchar>
#include <wchar.h>
#include <time.h>
#include <sched.h>
#include <pthread.h>
#include <unistd.h>
#if __has_include(<syscall.h>)
#include <syscall.h>
#endif
#include <exception>
#include <typeinfo>
#include <iosfwd>
#include <new>
#include <numbers>
#include <limits>
#include <compare>
#include <concepts>
#include <initializer_list>
// And the names they declared that a kernel may use without an include: std::min, std::max,
// std::swap, std::pair (<bits/stl_algobase.h>, from the special functions), std::less, std::plus…
// (<bits/stl_function.h>) and std::hash (<bits/functional_hash.h>, from <string>).
#if __has_include(<bits/stl_algobase.h>)
#include <bits/stl_algobase.h>
#include <bits/stl_function.h>
#include <bits/functional_hash.h>
#endif
