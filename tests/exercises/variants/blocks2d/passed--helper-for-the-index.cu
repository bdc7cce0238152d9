struct Pixel {
  int row, col;
};

__device__ Pixel my_pixel() {
  Pixel p;
  p.col = threadIdx.x + blockIdx.x * blockDim.x;
  p.row = threadIdx.y + blockIdx.y * blockDim.y;
  return p;
}

__global__ void invert(const float* a, float* out, int rows, int cols) {
  const Pixel p = my_pixel();
  if (p.row < rows && p.col < cols) {
    const int at = p.row * cols + p.col;
    out[at] = -a[at] + 1.f;
  }
}
