// One column per thread, no loop: columns 256 and beyond are never added.
__global__ void row_sums(const float* m, float* out, int rows, int cols) {
  __shared__ float partials[256];
  const int t = threadIdx.x;
  const int row = blockIdx.x;
  partials[t] = (t < cols) ? m[row * cols + t] : 0.f;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) partials[t] += partials[t + stride];
    __syncthreads();
  }
  if (t == 0) out[row] = partials[0];
}
