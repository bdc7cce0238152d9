#pragma once
// CUDA's device math that the host's <cmath> lacks: the global min/max overloads (with CUDA's
// mixed signed/unsigned rules), the fast-math and rounding intrinsics, bit reinterpretation and
// bit counting. fminf, sqrtf, expf... come from math.h as they are.
#include <bit>
#include <cstdint>
#include <cstring>
#include <math.h>

#include "cudalab/emu/context.h"

// --- min / max: the overload set of CUDA's math_functions.hpp --------------------------------
#define CUDALAB_EMU_MIN_MAX(result, a_type, b_type)                                                     \
  inline result min(a_type a, b_type b) { return static_cast<result>(a) < static_cast<result>(b) ? static_cast<result>(a) : static_cast<result>(b); } \
  inline result max(a_type a, b_type b) { return static_cast<result>(a) > static_cast<result>(b) ? static_cast<result>(a) : static_cast<result>(b); }
CUDALAB_EMU_MIN_MAX(int, int, int)
CUDALAB_EMU_MIN_MAX(unsigned int, unsigned int, unsigned int)
CUDALAB_EMU_MIN_MAX(unsigned int, int, unsigned int)
CUDALAB_EMU_MIN_MAX(unsigned int, unsigned int, int)
CUDALAB_EMU_MIN_MAX(long, long, long)
CUDALAB_EMU_MIN_MAX(unsigned long, unsigned long, unsigned long)
CUDALAB_EMU_MIN_MAX(unsigned long, long, unsigned long)
CUDALAB_EMU_MIN_MAX(unsigned long, unsigned long, long)
CUDALAB_EMU_MIN_MAX(long long, long long, long long)
CUDALAB_EMU_MIN_MAX(unsigned long long, unsigned long long, unsigned long long)
CUDALAB_EMU_MIN_MAX(unsigned long long, long long, unsigned long long)
CUDALAB_EMU_MIN_MAX(unsigned long long, unsigned long long, long long)
#undef CUDALAB_EMU_MIN_MAX
// Floating point min/max follow fmin/fmax (a NaN loses to a number), as CUDA's do.
inline float min(float a, float b) { return fminf(a, b); }
inline float max(float a, float b) { return fmaxf(a, b); }
inline double min(double a, double b) { return fmin(a, b); }
inline double max(double a, double b) { return fmax(a, b); }
inline double min(float a, double b) { return fmin(a, b); }
inline double max(float a, double b) { return fmax(a, b); }
inline double min(double a, float b) { return fmin(a, b); }
inline double max(double a, float b) { return fmax(a, b); }

// --- fast and rounding-mode intrinsics (the emulator computes them exactly) --------------------
inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
inline double rsqrt(double x) { return 1.0 / sqrt(x); }
inline float __fdividef(float a, float b) { return a / b; }
inline float __expf(float x) { return expf(x); }
inline float __exp10f(float x) { return powf(10.0f, x); }
inline float __logf(float x) { return logf(x); }
inline float __log2f(float x) { return log2f(x); }
inline float __log10f(float x) { return log10f(x); }
inline float __sinf(float x) { return sinf(x); }
inline float __cosf(float x) { return cosf(x); }
inline float __tanf(float x) { return tanf(x); }
inline void __sincosf(float x, float* s, float* c) { *s = sinf(x); *c = cosf(x); }
inline void sincosf(float x, float* s, float* c) { *s = sinf(x); *c = cosf(x); }
inline float __powf(float a, float b) { return powf(a, b); }
inline float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : (x == x ? x : 0.0f)); }
inline float __fsqrt_rn(float x) { return sqrtf(x); }
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fsub_rn(float a, float b) { return a - b; }
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __fdiv_rn(float a, float b) { return a / b; }
inline float __fmaf_rn(float a, float b, float c) { return fmaf(a, b, c); }
inline float __frcp_rn(float x) { return 1.0f / x; }
inline double __dadd_rn(double a, double b) { return a + b; }
inline double __dmul_rn(double a, double b) { return a * b; }
inline double __fma_rn(double a, double b, double c) { return fma(a, b, c); }

// --- conversions ---------------------------------------------------------------------------------
inline int __float2int_rn(float x) { return static_cast<int>(nearbyintf(x)); }
inline int __float2int_rz(float x) { return static_cast<int>(x); }
inline int __float2int_rd(float x) { return static_cast<int>(floorf(x)); }
inline int __float2int_ru(float x) { return static_cast<int>(ceilf(x)); }
inline unsigned int __float2uint_rn(float x) { return static_cast<unsigned int>(nearbyintf(x)); }
inline float __int2float_rn(int x) { return static_cast<float>(x); }
inline float __uint2float_rn(unsigned int x) { return static_cast<float>(x); }
inline int __double2int_rn(double x) { return static_cast<int>(nearbyint(x)); }
inline int __float_as_int(float x) { return std::bit_cast<int>(x); }
inline float __int_as_float(int x) { return std::bit_cast<float>(x); }
inline unsigned int __float_as_uint(float x) { return std::bit_cast<unsigned int>(x); }
inline float __uint_as_float(unsigned int x) { return std::bit_cast<float>(x); }
inline long long __double_as_longlong(double x) { return std::bit_cast<long long>(x); }
inline double __longlong_as_double(long long x) { return std::bit_cast<double>(x); }

// --- integer intrinsics --------------------------------------------------------------------------
inline int __popc(unsigned int x) { return std::popcount(x); }
inline int __popcll(unsigned long long x) { return std::popcount(x); }
inline int __clz(int x) { return std::countl_zero(static_cast<unsigned int>(x)); }
inline int __clzll(long long x) { return std::countl_zero(static_cast<unsigned long long>(x)); }
inline int __ffs(int x) { return x == 0 ? 0 : std::countr_zero(static_cast<unsigned int>(x)) + 1; }
inline int __ffsll(long long x) { return x == 0 ? 0 : std::countr_zero(static_cast<unsigned long long>(x)) + 1; }
inline unsigned int __brev(unsigned int x) {
  x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
  x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
  x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
  x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
  return (x >> 16) | (x << 16);
}
// __mul24 multiplies the low 24 bits (sign-extended), as the hardware does.
inline int __mul24(int a, int b) { return ((a << 8) >> 8) * ((b << 8) >> 8); }
inline unsigned int __umul24(unsigned int a, unsigned int b) { return (a & 0xffffffu) * (b & 0xffffffu); }
inline int __mulhi(int a, int b) { return static_cast<int>((static_cast<long long>(a) * b) >> 32); }
inline unsigned int __umulhi(unsigned int a, unsigned int b) {
  return static_cast<unsigned int>((static_cast<unsigned long long>(a) * b) >> 32);
}
inline unsigned int __sad(int a, int b, unsigned int c) { return (a > b ? a - b : b - a) + c; }

// --- memory and time -----------------------------------------------------------------------------
template <class T>
inline T __ldg(const T* address) { return *address; }
// On the emulator a "clock tick" is a nanosecond of the steady clock.
inline long long clock64() { return static_cast<long long>(::cudalab::emu::clock_ns()); }
