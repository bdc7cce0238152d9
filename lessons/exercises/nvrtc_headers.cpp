#include "exercises/nvrtc_headers.h"

namespace cudalab::lessons::exercises {
namespace {

constexpr const char* kBuiltIn = "// Built into NVRTC for device code (printf, malloc, memcpy, the math functions).\n";

constexpr const char* kIntegers = R"(#pragma once
typedef signed char int8_t;
typedef short int16_t;
typedef int int32_t;
typedef long long int64_t;
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
typedef long intptr_t;
typedef unsigned long uintptr_t;
#define INT8_MAX 127
#define INT16_MAX 32767
#define INT32_MAX 2147483647
#define INT64_MAX 9223372036854775807LL
#define UINT8_MAX 255
#define UINT16_MAX 65535
#define UINT32_MAX 4294967295U
#define UINT64_MAX 18446744073709551615ULL
namespace std {
using ::int8_t; using ::int16_t; using ::int32_t; using ::int64_t;
using ::uint8_t; using ::uint16_t; using ::uint32_t; using ::uint64_t;
using ::intptr_t; using ::uintptr_t;
}
)";

constexpr const char* kLimits = R"(#pragma once
#define CHAR_BIT 8
#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 65535
#define INT_MIN (-2147483647 - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U
#define LONG_MIN (-9223372036854775807L - 1)
#define LONG_MAX 9223372036854775807L
#define ULONG_MAX 18446744073709551615UL
#define LLONG_MIN (-9223372036854775807LL - 1)
#define LLONG_MAX 9223372036854775807LL
#define ULLONG_MAX 18446744073709551615ULL
)";

constexpr const char* kFloats = R"(#pragma once
#define FLT_MAX 3.402823466e+38F
#define FLT_MIN 1.175494351e-38F
#define FLT_EPSILON 1.192092896e-07F
#define FLT_DIG 6
#define FLT_MANT_DIG 24
#define DBL_MAX 1.7976931348623158e+308
#define DBL_MIN 2.2250738585072014e-308
#define DBL_EPSILON 2.2204460492503131e-16
#define DBL_DIG 15
#define DBL_MANT_DIG 53
)";

// A failed assert prints what C's does and stops the kernel (__trap): the launch then fails as
// nvcc's device assert makes it fail.
constexpr const char* kAssert = R"(#pragma once
#ifdef NDEBUG
#define assert(e) ((void)0)
#else
#define assert(e) ((e) ? (void)0 : (printf("%s:%d: %s: Assertion `%s' failed.\n", __FILE__, __LINE__, __func__, #e), __trap()))
#endif
)";

}  // namespace

const std::vector<std::pair<std::string, std::string>>& nvrtc_standard_headers() {
  static const std::vector<std::pair<std::string, std::string>> headers = [] {
    std::vector<std::pair<std::string, std::string>> all;
    for (const char* name : {"cstdio", "stdio.h", "cstdlib", "stdlib.h", "cmath", "math.h", "cstring", "string.h",
                             "cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "device_launch_parameters.h"})
      all.emplace_back(name, kBuiltIn);
    for (const char* name : {"cstdint", "stdint.h"}) all.emplace_back(name, kIntegers);
    for (const char* name : {"climits", "limits.h"}) all.emplace_back(name, kLimits);
    for (const char* name : {"cfloat", "float.h"}) all.emplace_back(name, kFloats);
    for (const char* name : {"cassert", "assert.h"}) all.emplace_back(name, kAssert);
    return all;
  }();
  return headers;
}

}  // namespace cudalab::lessons::exercises
