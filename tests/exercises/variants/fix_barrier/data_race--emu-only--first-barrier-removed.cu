// The barrier after the copy removed (the one the starter already had): thread t walks back over
// values[0..t], which threads 0..t wrote before it in the emulator's order, so every number comes
// out right there; on a GPU a warp further ahead reads slots not yet written. A data race even so.
__global__ void cumulative_share(const float* a, float* out, int n) {
  __shared__ float values[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  values[t] = (i < n) ? a[i] : 0.f;

  float total = 0.f;
  for (int k = t; k >= 0; --k) total += values[k];
  __syncthreads();
  values[t] = total;
  __syncthreads();
  if (i < n) out[i] = values[t] / values[255];
}
