// A __device__ object with a constructor needs code to run before any kernel: CUDA refuses
// dynamic initialisation of device variables.
struct Table {
  float scale[4];
  Table() {
    for (int k = 0; k < 4; ++k) scale[k] = 1.f;
  }
};
__device__ Table table;

__global__ void square(const float* a, float* out) {
  const int i = threadIdx.x;
  out[i] = a[i] * a[i] * table.scale[0];
}
