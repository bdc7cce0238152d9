// A host function marked to run when the file is loaded: a kernel file holds device code only.
__device__ float factor = 0.f;
__attribute__((constructor)) static void prepare() { factor = 1.f; }

__global__ void square(const float* a, float* out) {
  const int i = threadIdx.x;
  out[i] = a[i] * a[i] * factor;
}
