// Divides by the number of neighbours inside the array instead of by 5: wrong at both ends.
__global__ void average5(const float* a, float* out, int n) {
  __shared__ float tile[256 + 4];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  tile[t + 2] = (i < n) ? a[i] : 0.f;
  if (t < 2) tile[t] = (start - 2 + t >= 0) ? a[start - 2 + t] : 0.f;
  if (t >= 254) tile[t + 4] = (start + t + 2 < n) ? a[start + t + 2] : 0.f;
  __syncthreads();
  if (i < n) {
    const int first = max(i - 2, 0), last = min(i + 2, n - 1);
    out[i] = (tile[t] + tile[t + 1] + tile[t + 2] + tile[t + 3] + tile[t + 4]) / (last - first + 1);
  }
}
