// <= instead of <: thread n also passes the guard and touches a[n], one past the end.
__global__ void add_ten(const float* a, float* out, int n) {
  const int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i <= n) out[i] = a[i] + 10.f;
}
