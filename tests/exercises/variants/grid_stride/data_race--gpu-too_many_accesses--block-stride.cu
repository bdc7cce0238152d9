// The emulator says "data race" first: several threads write one element with nothing ordering
// them. A GPU has no race detector and says what follows from it (the name's --gpu-…-- part).
// Steps by one block instead of the whole grid: every block walks to the end of the array, so
// the numbers are right but each element is done several times over.
__global__ void halve(const float* a, float* out, int n) {
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x) out[i] = a[i] / 2.f;
}
