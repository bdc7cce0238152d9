// y[i] = a * x[i] for i < n. ceil(n / 4) threads at work (blocks of 256): thread i < n / 4 scales
// the four elements 4i … 4i+3 with one float4 load and one float4 store; thread n / 4 scales the
// last n % 4 elements one by one.
__global__ void scale4(const float* x, float* y, int n, float a) {
  // TODO: this thread's index i. If i < n / 4: load four floats at once from &x[4 * i] through a
  // const float4*, multiply each of .x .y .z .w by a, and store the float4 at &y[4 * i]. If
  // i == n / 4: scale the elements 4 * (n / 4) … n - 1 one at a time.
}
