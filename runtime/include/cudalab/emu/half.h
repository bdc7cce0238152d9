#pragma once
// CUDA's half precision (<cuda_fp16.h>) on the emulator: __half is an IEEE binary16 value, each
// operation done in float and rounded to the nearest half (ties to even), which is what a GPU's
// half arithmetic gives for one operation. A student's kernel that includes <cuda_fp16.h> gets
// this header on the emulator (lessons/exercises/compile_submission.cpp); the GPU gets the
// toolkit's. The common conversions, arithmetic, comparisons and __half2 pairs are here; what is
// missing does not compile, in the compiler's words, rather than computing something else.
#include <cstdint>
#include <cstring>

namespace cudalab::emu::half_bits {

inline unsigned short from_float(float value) {
  std::uint32_t f;
  std::memcpy(&f, &value, 4);
  const std::uint32_t sign = (f >> 16) & 0x8000u;
  const std::uint32_t exponent = (f >> 23) & 0xFFu;
  std::uint32_t mantissa = f & 0x7FFFFFu;
  if (exponent == 0xFFu) return static_cast<unsigned short>(sign | 0x7C00u | (mantissa ? 0x200u : 0u));  // inf, NaN
  const int e = static_cast<int>(exponent) - 127 + 15;
  if (e >= 31) return static_cast<unsigned short>(sign | 0x7C00u);  // too large: infinity
  if (e <= 0) {
    if (e < -10) return static_cast<unsigned short>(sign);  // below half a subnormal: zero
    mantissa |= 0x800000u;                                    // the implicit 1, then shift into a subnormal
    const int shift = 14 - e;
    std::uint32_t half = mantissa >> shift;
    const std::uint32_t rest = mantissa & ((1u << shift) - 1u), halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (half & 1u))) ++half;
    return static_cast<unsigned short>(sign | half);
  }
  std::uint32_t half = (static_cast<std::uint32_t>(e) << 10) | (mantissa >> 13);
  const std::uint32_t rest = mantissa & 0x1FFFu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u))) ++half;  // may carry into the exponent: right
  return static_cast<unsigned short>(sign | half);
}

inline float to_float(unsigned short h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  std::uint32_t exponent = (h >> 10) & 0x1Fu;
  std::uint32_t mantissa = h & 0x3FFu;
  std::uint32_t f;
  if (exponent == 0x1Fu) {
    f = sign | 0x7F800000u | (mantissa << 13);
  } else if (exponent == 0) {
    if (mantissa == 0) {
      f = sign;
    } else {  // subnormal: normalise
      exponent = 127 - 15 + 1;
      while ((mantissa & 0x400u) == 0) {
        mantissa <<= 1;
        --exponent;
      }
      f = sign | (exponent << 23) | ((mantissa & 0x3FFu) << 13);
    }
  } else {
    f = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  }
  float value;
  std::memcpy(&value, &f, 4);
  return value;
}

}  // namespace cudalab::emu::half_bits

struct __half {
  unsigned short x = 0;
  __half() = default;
  __half(float value) : x(cudalab::emu::half_bits::from_float(value)) {}
  __half(double value) : __half(static_cast<float>(value)) {}
  __half(int value) : __half(static_cast<float>(value)) {}
  operator float() const { return cudalab::emu::half_bits::to_float(x); }
  __half& operator+=(__half other) { return *this = __half(float(*this) + float(other)); }
  __half& operator-=(__half other) { return *this = __half(float(*this) - float(other)); }
  __half& operator*=(__half other) { return *this = __half(float(*this) * float(other)); }
  __half& operator/=(__half other) { return *this = __half(float(*this) / float(other)); }
};
using half = __half;

struct __half2 {
  __half x, y;
};
using half2 = __half2;

inline __half __float2half(float value) { return __half(value); }
inline __half __float2half_rn(float value) { return __half(value); }
inline float __half2float(__half value) { return float(value); }
inline __half __int2half_rn(int value) { return __half(static_cast<float>(value)); }
inline int __half2int_rz(__half value) { return static_cast<int>(float(value)); }
inline __half __ushort_as_half(unsigned short bits) {
  __half h;
  h.x = bits;
  return h;
}
inline unsigned short __half_as_ushort(__half value) { return value.x; }

inline __half operator+(__half a, __half b) { return __half(float(a) + float(b)); }
inline __half operator-(__half a, __half b) { return __half(float(a) - float(b)); }
inline __half operator*(__half a, __half b) { return __half(float(a) * float(b)); }
inline __half operator/(__half a, __half b) { return __half(float(a) / float(b)); }
inline __half operator-(__half a) { return __ushort_as_half(static_cast<unsigned short>(a.x ^ 0x8000u)); }
inline __half __hadd(__half a, __half b) { return a + b; }
inline __half __hsub(__half a, __half b) { return a - b; }
inline __half __hmul(__half a, __half b) { return a * b; }
inline __half __hdiv(__half a, __half b) { return a / b; }
inline __half __hneg(__half a) { return -a; }
// One rounding, as the GPU's fused multiply-add: the float product of two halves is exact.
inline __half __hfma(__half a, __half b, __half c) { return __half(float(a) * float(b) + float(c)); }
inline bool __heq(__half a, __half b) { return float(a) == float(b); }
inline bool __hne(__half a, __half b) { return float(a) != float(b); }
inline bool __hlt(__half a, __half b) { return float(a) < float(b); }
inline bool __hle(__half a, __half b) { return float(a) <= float(b); }
inline bool __hgt(__half a, __half b) { return float(a) > float(b); }
inline bool __hge(__half a, __half b) { return float(a) >= float(b); }
inline __half __hmax(__half a, __half b) { return float(a) < float(b) ? b : a; }
inline __half __hmin(__half a, __half b) { return float(b) < float(a) ? b : a; }

inline __half2 __floats2half2_rn(float a, float b) { return {__half(a), __half(b)}; }
inline __half2 __float2half2_rn(float a) { return {__half(a), __half(a)}; }
inline __half2 __halves2half2(__half a, __half b) { return {a, b}; }
inline float __low2float(__half2 v) { return float(v.x); }
inline float __high2float(__half2 v) { return float(v.y); }
inline __half __low2half(__half2 v) { return v.x; }
inline __half __high2half(__half2 v) { return v.y; }
inline __half2 __hadd2(__half2 a, __half2 b) { return {a.x + b.x, a.y + b.y}; }
inline __half2 __hsub2(__half2 a, __half2 b) { return {a.x - b.x, a.y - b.y}; }
inline __half2 __hmul2(__half2 a, __half2 b) { return {a.x * b.x, a.y * b.y}; }
inline __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return {__hfma(a.x, b.x, c.x), __hfma(a.y, b.y, c.y)}; }
