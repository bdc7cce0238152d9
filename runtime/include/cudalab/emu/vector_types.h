#pragma once
// CUDA's small vector types and their make_ functions, with CUDA's alignment (float4 loads are a
// lesson of their own, so float4 must be 16-byte aligned here too).
#include "cudalab/emu/context.h"

#define CUDALAB_EMU_VECTOR2(VecType, base, align) \
  struct alignas(align) VecType {                 \
    base x, y;                                    \
  };                                              \
  inline VecType make_##VecType(base x, base y) { \
    return VecType{x, y};                         \
  }
#define CUDALAB_EMU_VECTOR3(VecType, base)                \
  struct VecType {                                        \
    base x, y, z;                                         \
  };                                                      \
  inline VecType make_##VecType(base x, base y, base z) { \
    return VecType{x, y, z};                              \
  }
#define CUDALAB_EMU_VECTOR4(VecType, base, align)                 \
  struct alignas(align) VecType {                                 \
    base x, y, z, w;                                              \
  };                                                              \
  inline VecType make_##VecType(base x, base y, base z, base w) { \
    return VecType{x, y, z, w};                                   \
  }

CUDALAB_EMU_VECTOR2(float2, float, 8)
CUDALAB_EMU_VECTOR3(float3, float)
CUDALAB_EMU_VECTOR4(float4, float, 16)
CUDALAB_EMU_VECTOR2(int2, int, 8)
CUDALAB_EMU_VECTOR3(int3, int)
CUDALAB_EMU_VECTOR4(int4, int, 16)
CUDALAB_EMU_VECTOR2(uint2, unsigned int, 8)
CUDALAB_EMU_VECTOR4(uint4, unsigned int, 16)
CUDALAB_EMU_VECTOR2(double2, double, 16)
#undef CUDALAB_EMU_VECTOR2
#undef CUDALAB_EMU_VECTOR3
#undef CUDALAB_EMU_VECTOR4

inline uint3 make_uint3(unsigned int x, unsigned int y, unsigned int z) {
  return uint3{x, y, z};
}
