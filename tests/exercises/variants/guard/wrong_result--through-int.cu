// Stored in an int on the way: the fractional part of a[i] is lost.
__global__ void add_ten(const float* a, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int v = a[i] + 10;
    out[i] = v;
  }
}
