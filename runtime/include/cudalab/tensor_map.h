#pragma once
// A tensor map for Hopper's bulk tensor copies (TMA): the 128 opaque bytes of a CUtensorMap,
// which the driver fills (cuTensorMapEncodeTiled) and a kernel takes by value as a
// `const __grid_constant__` parameter. Spelled here without CUDA's headers so that host code of
// both builds can hold one; only a GPU of compute capability 9.0 or newer makes one
// (Device::encode_tensor_map), the emulator has no TMA.
#include <cstdint>

namespace cudalab {

struct alignas(128) TensorMap {
  std::uint64_t opaque[16] = {};
};
static_assert(sizeof(TensorMap) == 128, "a CUtensorMap is 128 bytes");

// A row-major matrix of floats in device memory, copied in boxes of box_rows × box_cols with the
// 128-byte swizzle (box_cols × 4 must then be at most 128). Elements past the matrix's edges read
// as zeros. TMA asks that the base be 16-byte aligned and that rows start 16 bytes apart: cols a
// multiple of 4.
struct TensorMapRequest {
  const float* base = nullptr;
  std::uint64_t rows = 0, cols = 0;
  std::uint32_t box_rows = 0, box_cols = 0;
};

}  // namespace cudalab
