// A kernel file whose dynamic shared array the emulator unit beside it forgot to bind.
__global__ void uses_scratch(float* out) {
  extern __shared__ float scratch[];
  scratch[threadIdx.x] = 1.0f;
  out[threadIdx.x] = scratch[threadIdx.x];
}
