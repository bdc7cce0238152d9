// out[i] = a[i] + b[i]. One block of exactly n threads: add<<<1, n>>>(a, b, out).
__global__ void add(const float* a, const float* b, float* out) {
  const int i = threadIdx.x;
  out[i] = a[i] + b[i];
}
