__device__ void write_one(float* slot, float value) { *slot = value; }
__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) write_one(&out[i], a[i] + 10.0f);
}
