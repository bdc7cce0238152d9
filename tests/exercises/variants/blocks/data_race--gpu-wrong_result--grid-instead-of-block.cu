// The emulator says "data race" first: several threads write one element with nothing ordering
// them. A GPU has no race detector and says what follows from it (the name's --gpu-…-- part).
// gridDim.x (the number of blocks) where blockDim.x (threads per block) belongs: the blocks'
// stretches overlap and the end of the array is never written.
__global__ void scale(const float* a, float* out, float k) {
  const int i = threadIdx.x + blockIdx.x * gridDim.x;
  out[i] = k * a[i];
}
