// Multiplies instead of counting whole blocks: block 0 writes only element 0, and most elements
// are never written.
__global__ void scale(const float* a, float* out, float k) {
  const int i = threadIdx.x * blockIdx.x;
  out[i] = k * a[i];
}
