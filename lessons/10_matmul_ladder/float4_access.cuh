// 128-bit loads and stores for the ladder's rungs 3 to 6: four neighbouring floats of one row in
// one instruction (float4), where the hardware allows it.
#pragma once
#include "who_writes.cuh"

// Four neighbouring floats of row `row` of a rows × cols row-major matrix, from column `col` on.
// One 128-bit load when all four are inside and their address is a multiple of 16 bytes (the
// matrix starts aligned, as cudaMalloc's memory does, and cols is a multiple of 4); otherwise one
// float at a time, with zeros past the edge, so ragged sizes still come out right.
__device__ inline float4 load_four(const float* matrix, int row, int col, int rows, int cols) {
  if (row < rows && col + 3 < cols && cols % 4 == 0)
    return *reinterpret_cast<const float4*>(&matrix[row * cols + col]);
  float4 four = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  if (row < rows) {
    const float* at = &matrix[row * cols + col];
    if (col < cols) four.x = at[0];
    if (col + 1 < cols) four.y = at[1];
    if (col + 2 < cols) four.z = at[2];
    if (col + 3 < cols) four.w = at[3];
  }
  return four;
}

// The store's counterpart, for C: writes only what is inside the matrix (stored_value: who_writes.cuh).
__device__ inline void store_four(float* matrix, int row, int col, int rows, int cols, float4 four) {
  if (row >= rows) return;
  four = make_float4(stored_value(four.x), stored_value(four.y), stored_value(four.z), stored_value(four.w));
  if (col + 3 < cols && cols % 4 == 0) {
    *reinterpret_cast<float4*>(&matrix[row * cols + col]) = four;
    return;
  }
  float* at = &matrix[row * cols + col];
  if (col < cols) at[0] = four.x;
  if (col + 1 < cols) at[1] = four.y;
  if (col + 2 < cols) at[2] = four.z;
  if (col + 3 < cols) at[3] = four.w;
}
