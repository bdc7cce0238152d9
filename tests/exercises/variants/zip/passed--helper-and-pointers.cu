__device__ __forceinline__ float sum2(float x, float y) { return x + y; }

__global__ void add(const float* a, const float* b, float* out) {
  const float* pa = a + threadIdx.x;
  const float* pb = b + threadIdx.x;
  *(out + threadIdx.x) = sum2(*pa, *pb);
}
