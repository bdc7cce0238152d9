// out[i] = (a[i-2] + a[i-1] + a[i] + a[i+1] + a[i+2]) / 5, where elements outside a count as 0.
// Blocks of 256 threads, ceil(n / 256) blocks. Each thread may read a at most twice.
__global__ void average5(const float* a, float* out, int n) {
  __shared__ float tile[256 + 4];  // tile[t + 2] holds element start + t; two halo slots each side
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;

  tile[t + 2] = (i < n) ? a[i] : 0.f;
  if (t < 2) {  // left halo: elements start - 2 and start - 1
    const int j = start - 2 + t;
    tile[t] = (j >= 0) ? a[j] : 0.f;
  }
  if (t >= 254) {  // right halo: elements start + 256 and start + 257
    const int j = start + t + 2;
    tile[t + 4] = (j < n) ? a[j] : 0.f;
  }
  __syncthreads();  // the tile, halo included, is complete

  if (i < n) out[i] = (tile[t] + tile[t + 1] + tile[t + 2] + tile[t + 3] + tile[t + 4]) / 5.f;
}
