// __device__ instead of __global__: a function the host cannot launch.
__device__ void add(const float* a, const float* b, float* out) {
  int i = threadIdx.x;
  out[i] = a[i] + b[i];
}
