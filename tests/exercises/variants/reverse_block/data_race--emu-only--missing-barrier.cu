// No barrier between the copy and the mirrored read: thread t reads chunk[255 - t] before the
// thread of another warp that owns it may have written it: a data race, which the emulator's
// detector names; a GPU usually gets away with it (10 passes out of 10 on an H200): the lesson is
// that "it passed" proves nothing about a race.
__global__ void reverse_blocks(const float* a, float* out, int n) {
  __shared__ float chunk[256];
  const int t = threadIdx.x;
  const int start = blockIdx.x * blockDim.x;
  const int i = start + t;
  const int length = min(static_cast<int>(blockDim.x), n - start);
  if (i < n) chunk[t] = a[i];
  if (t < length) out[i] = chunk[length - 1 - t];
}
