// out[r][c] = exp(x[r][c] - m) / s for a rows × cols matrix (row-major), where m is row r's max
// and s the sum of exp(x[r][c] - m) over its columns.
// One block of 128 threads (4 warps) per row: rows blocks. Thread t takes columns t, t + 128, …
#include <cfloat>

__global__ void row_softmax(const float* x, float* out, int rows, int cols) {
  __shared__ float partial[4];  // one value per warp
  // TODO: 1. the row's max: over this thread's columns (start from -FLT_MAX), then across the warp
  // with __shfl_xor_sync, then lane 0 writes partial[warp]; after a barrier every thread takes the
  // max of the 4. 2. The same for the sum of expf(x - max) (a barrier first: partial is reused).
  // 3. Write each of this thread's columns: expf(x - max) / sum.
}
