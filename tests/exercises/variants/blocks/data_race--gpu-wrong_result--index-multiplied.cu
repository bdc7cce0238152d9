// The emulator says "data race" first: several threads write one element with nothing ordering
// them. A GPU has no race detector and says what follows from it (the name's --gpu-…-- part).
// Multiplies instead of counting whole blocks: block 0 writes only element 0, and most elements
// are never written.
__global__ void scale(const float* a, float* out, float k) {
  const int i = threadIdx.x * blockIdx.x;
  out[i] = k * a[i];
}
