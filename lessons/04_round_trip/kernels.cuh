// Chapter 4: host → device → kernel → host.
// The host copies the inputs into device memory, launches the kernel, and copies the results
// back; this file is the middle of that trip.

// The vector operation of the round trip: one thread per element, c = a + b.
__global__ void add_vectors(const float* a, const float* b, float* c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    c[i] = a[i] + b[i];
  }
}

// Work you can dial up: 1 + x + x² + ... (terms of them) by Horner's rule, one multiply-add per
// term. With few terms a kernel is all memory traffic; with many, all arithmetic.
__device__ float polynomial(float x, int terms) {
  float y = 0.0f;
  for (int k = 0; k < terms; ++k) {
    y = y * x + 1.0f;
  }
  return y;
}

__global__ void evaluate_polynomial(const float* x, float* y, int n, int terms) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = polynomial(x[i], terms);
  }
}

// A shifted copy: out[i] = in[i + shift]. Its guard checks i < n but not i + shift < n, so with a
// shift > 0 the last threads read past the end of `in` — the bug chapter 4's last step makes on
// purpose.
__global__ void copy_shifted(const float* in, float* out, int n, int shift) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] = in[i + shift];
  }
}
