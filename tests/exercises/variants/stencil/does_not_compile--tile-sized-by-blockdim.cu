// A __shared__ array's size must be a constant: blockDim.x is only known at the launch.
__global__ void average5(const float* a, float* out, int n) {
  __shared__ float tile[blockDim.x + 4];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  tile[t + 2] = (i < n) ? a[i] : 0.f;
  if (t < 2) tile[t] = (start - 2 + t >= 0) ? a[start - 2 + t] : 0.f;
  if (t >= 254) tile[t + 4] = (start + t + 2 < n) ? a[start + t + 2] : 0.f;
  __syncthreads();
  if (i < n) out[i] = (tile[t] + tile[t + 1] + tile[t + 2] + tile[t + 3] + tile[t + 4]) / 5.f;
}
