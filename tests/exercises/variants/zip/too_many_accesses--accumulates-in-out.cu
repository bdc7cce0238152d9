// Builds the sum in out: the numbers are right, but out is written three times (and read twice).
__global__ void add(const float* a, const float* b, float* out) {
  const int i = threadIdx.x;
  out[i] = 0.f;
  out[i] += a[i];
  out[i] += b[i];
}
