// A kernel from the lesson left above the exercise's one.
__global__ void hello(float* out) { out[threadIdx.x] = 1.f; }

__global__ void square(const float* a, float* out) {
  int i = threadIdx.x;
  out[i] = a[i] * a[i];
}
