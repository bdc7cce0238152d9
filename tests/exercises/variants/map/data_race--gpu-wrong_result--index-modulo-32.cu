// "A warp is 32 threads": threadIdx.x % 32 makes every warp redo elements 0 to 31, and the rest
// of out is never written.
__global__ void square(const float* a, float* out) {
  int i = threadIdx.x % 32;
  out[i] = a[i] * a[i];
}
