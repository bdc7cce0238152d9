// Every thread squares the whole array: the numbers come out right, but each of the n threads
// does all n elements, and writes out n times instead of once.
__global__ void square(const float* a, float* out) {
  for (int i = 0; i < blockDim.x; ++i) out[i] = a[i] * a[i];
}
