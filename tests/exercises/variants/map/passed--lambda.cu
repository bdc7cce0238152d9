__global__ void square(const float* a, float* out) {
  auto sq = [](float x) { return x * x; };
  out[threadIdx.x] = sq(a[threadIdx.x]);
}
