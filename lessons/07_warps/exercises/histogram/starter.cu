// out[v] = how many elements of data equal v (every element is in 0..255); out starts at 0.
// 8 blocks of 256 threads, whatever n: each thread takes its elements in a grid-stride loop.
__global__ void histogram(const int* data, int* out, int n) {
  __shared__ int bins[256];  // this block's own histogram
  // TODO: zero the block's bins (thread t zeroes bins[t]), wait for the whole block, count this
  // thread's elements into bins with atomicAdd, wait again, and let thread t add bins[t] to out[t]
  // with one atomicAdd.
}
