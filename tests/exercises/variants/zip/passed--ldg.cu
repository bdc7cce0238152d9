// Reads through the read-only cache with __ldg.
__global__ void add(const float* a, const float* b, float* out) {
  const int i = threadIdx.x;
  out[i] = __ldg(&a[i]) + __ldg(&b[i]);
}
