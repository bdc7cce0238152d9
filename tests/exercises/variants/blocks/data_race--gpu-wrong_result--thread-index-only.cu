// Every block works on the first chunk: the blocks write the same elements, and the rest of out
// stays 0.
__global__ void scale(const float* a, float* out, float k) {
  int i = threadIdx.x;
  out[i] = k * a[i];
}
