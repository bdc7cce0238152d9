// A textbook reduction: a templated block size, dynamic shared memory (extern __shared__), a
// warp-synchronous tail with __syncwarp, partial sums per block summed on the host.
#include <cstdio>
#include <vector>

template <unsigned int blockSize>
__global__ void reduce(const int* g_idata, int* g_odata, unsigned int n) {
  extern __shared__ int sdata[];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * (blockSize * 2) + tid;
  unsigned int gridSize = blockSize * 2 * gridDim.x;
  int sum = 0;
  while (i < n) {
    sum += g_idata[i];
    if (i + blockSize < n) sum += g_idata[i + blockSize];
    i += gridSize;
  }
  sdata[tid] = sum;
  __syncthreads();
  for (unsigned int s = blockSize / 2; s > 32; s >>= 1) {
    if (tid < s) sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid < 32) {
    int v = sdata[tid] + sdata[tid + 32];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    if (tid == 0) g_odata[blockIdx.x] = v;
  }
}

int main() {
  const unsigned int n = 1 << 20;
  const int threads = 256, blocks = 64;
  std::vector<int> h(n);
  long long expected = 0;
  for (unsigned int i = 0; i < n; ++i) {
    h[i] = (int)(i % 7) - 3;
    expected += h[i];
  }
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, blocks * sizeof(int));
  cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  reduce<threads><<<blocks, threads, threads * sizeof(int)>>>(d_in, d_out, n);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("kernel failed: %s\n", cudaGetErrorString(err));
    return 1;
  }
  std::vector<int> partial(blocks);
  cudaMemcpy(partial.data(), d_out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  long long sum = 0;
  for (int p : partial) sum += p;
  printf("sum %lld, expected %lld: %s\n", sum, expected, sum == expected ? "PASSED" : "FAILED");
  cudaFree(d_in);
  cudaFree(d_out);
  return sum == expected ? 0 : 1;
}
