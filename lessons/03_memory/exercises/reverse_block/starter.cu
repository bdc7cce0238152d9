// Each block reverses its own chunk of 256 elements of a (the last chunk may be shorter) into out.
// Blocks of 256 threads, ceil(n / 256) blocks.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  // TODO: copy this thread's element into chunk, wait for the whole block, then write this
  // thread's place of out from the mirrored place of chunk.
}
