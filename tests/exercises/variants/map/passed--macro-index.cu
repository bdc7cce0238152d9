#define IDX (threadIdx.x)
#define SQUARE(x) ((x) * (x))

__global__ void square(const float* a, float* out) {
  out[IDX] = SQUARE(a[IDX]);
}
