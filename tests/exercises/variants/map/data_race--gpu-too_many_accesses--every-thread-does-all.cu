// The emulator says "data race" first: several threads write one element with nothing ordering
// them. A GPU has no race detector and says what follows from it (the name's --gpu-…-- part).
// Every thread squares the whole array: the numbers come out right, but each of the n threads
// does all n elements, and writes out n times instead of once.
__global__ void square(const float* a, float* out) {
  for (int i = 0; i < blockDim.x; ++i) out[i] = a[i] * a[i];
}
