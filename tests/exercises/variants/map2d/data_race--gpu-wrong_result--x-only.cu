// The emulator says "data race" first: several threads write one element with nothing ordering
// them. A GPU has no race detector and says what follows from it (the name's --gpu-…-- part).
// Thinks in 1D: only threadIdx.x picks the element, so only the first row is ever written.
__global__ void plus_one(const float* a, float* out, int size) {
  const int i = threadIdx.x;
  if (i < size * size) out[i] = a[i] + 1.f;
}
