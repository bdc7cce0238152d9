__global__ void average5(const float* a, float* out, int n) {
  __shared__ float tile[260];
  int t = threadIdx.x;
  int base = blockIdx.x * 256;
  int i = base + t;

  if (i < n) tile[t + 2] = a[i];
  else tile[t + 2] = 0;

  if (t == 0 || t == 1) {
    int j = base - 2 + t;
    if (j >= 0) tile[t] = a[j];
    else tile[t] = 0;
  } else if (t == 254 || t == 255) {
    int j = i + 2;
    if (j < n) tile[t + 4] = a[j];
    else tile[t + 4] = 0;
  }
  __syncthreads();
  if (i >= n) return;

  float s = tile[t];
  s += tile[t + 1];
  s += tile[t + 2];
  s += tile[t + 3];
  s += tile[t + 4];
  out[i] = s / 5;
}
