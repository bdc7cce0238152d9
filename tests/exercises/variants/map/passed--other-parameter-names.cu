// The parameters may be named differently: only their types and order matter.
__global__ void square(const float* input, float* output) {
  int i = threadIdx.x;
  output[i] = input[i] * input[i];
}
