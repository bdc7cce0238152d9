// 每个线程一个元素 (UTF-8 with a BOM)
__global__ void square(const float* a, float* out) {
  int i = threadIdx.x;  // 索引
  out[i] = a[i] * a[i];
}
