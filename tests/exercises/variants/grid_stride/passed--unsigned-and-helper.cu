__device__ unsigned int global_thread() { return blockIdx.x * blockDim.x + threadIdx.x; }
__device__ unsigned int grid_threads() { return gridDim.x * blockDim.x; }

__global__ void halve(const float* a, float* out, int n) {
  for (unsigned int i = global_thread(); i < (unsigned int)n; i += grid_threads()) {
    out[i] = a[i] / 2.0f;
  }
}
