// cpu_mat_mul's triple loop built with -O0 (lessons/CMakeLists.txt sets it for this file only):
// every variable lives in memory, nothing is kept in registers, nothing is vectorized or unrolled.
#include "cpu_matmul.h"
#include "cpu_triple_loop.h"

namespace cudalab::lessons::matmul {

void cpu_mat_mul_rows_unoptimized(const float* a, const float* b, float* c, int n, int row_begin, int row_end) {
  triple_loop_rows(a, b, c, n, row_begin, row_end);
}

}  // namespace cudalab::lessons::matmul
