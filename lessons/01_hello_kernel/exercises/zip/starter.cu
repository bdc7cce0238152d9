// out[i] = a[i] + b[i]. One block of exactly n threads: add<<<1, n>>>(a, b, out).
__global__ void add(const float* a, const float* b, float* out) {
  // TODO: each thread adds its element of a and its element of b, and stores the sum in out.
}
