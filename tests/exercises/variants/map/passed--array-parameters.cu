// Array syntax for pointer parameters: const float a[] is const float* a.
__global__ void square(const float a[], float out[]) {
  int i = threadIdx.x;
  out[i] = a[i] * a[i];
}
