#pragma once
// The triple loop of cpu_mat_mul, written once and compiled twice: by cpu_matmul.cpp with the
// build's optimization, and by cpu_matmul_unoptimized.cpp with -O0. That pair is the tutorial's
// cpu_mat_mul / cpu_mat_mul_jit point (the same Python loop interpreted, then compiled by @jit)
// made honest for C++: the source is identical, only what the compiler was allowed to do differs.
//
// Internal linkage on purpose: an inline function would be one definition for the linker, which
// keeps one of the two compiled copies for both callers and so races a loop against itself.
namespace cudalab::lessons::matmul {
namespace {

[[maybe_unused]] void triple_loop_rows(const float* a, const float* b, float* c, int n, int row_begin, int row_end) {
  for (int row = row_begin; row < row_end; ++row)
    for (int col = 0; col < n; ++col) {
      float sum = 0.0f;
      for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
      c[row * n + col] = sum;
    }
}

}  // namespace
}  // namespace cudalab::lessons::matmul
