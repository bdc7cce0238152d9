// extern "C" keeps the kernel's name unmangled; the signature is the same.
extern "C" __global__ void square(const float* a, float* out) {
  int i = threadIdx.x;
  out[i] = a[i] * a[i];
}
