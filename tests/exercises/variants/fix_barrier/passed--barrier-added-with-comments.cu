// Within each block's chunk of 256 elements: out[i] = (a[start] + … + a[i]) / (the chunk's sum).
__global__ void cumulative_share(const float* a, float* out, int n) {
  __shared__ float values[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;

  values[t] = (i < n) ? a[i] : 0.f;
  __syncthreads();  // 1: everyone's element is in values

  float total = 0.f;
  for (int k = t; k >= 0; --k) total += values[k];
  __syncthreads();  // 2 (the fix): everyone has finished reading values
  values[t] = total;
  __syncthreads();  // 3: every running total is in place

  if (i < n) out[i] = values[t] / values[255];
}
