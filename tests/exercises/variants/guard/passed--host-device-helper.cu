__host__ __device__ inline float ten() { return 10.0f; }
#define IDX (blockIdx.x * blockDim.x + threadIdx.x)
__global__ void add_ten(const float* a, float* out, int n) {
  if (IDX < n) out[IDX] = a[IDX] + ten();
}
