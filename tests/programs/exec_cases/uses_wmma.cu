// A tensor-core fragment the emulator cannot run: refused in words where it is used.
#include <cstdio>
#include <mma.h>

__global__ void fill(float* out) {
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 8, float> sums;
  nvcuda::wmma::fill_fragment(sums, 0.0f);
  nvcuda::wmma::store_matrix_sync(out, sums, 16, nvcuda::wmma::mem_row_major);
}

int main() {
  float* out = nullptr;
  cudaMalloc(&out, 256 * sizeof(float));
  fill<<<1, 32>>>(out);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
