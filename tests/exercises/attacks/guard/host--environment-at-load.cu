// Reads the teacher's environment and home folder from a static constructor, which runs when the
// compiled kernel is loaded, before any test: host code, refused before it is loaded.
#include <stdio.h>
#include <stdlib.h>

static const char* home = getenv("HOME");

__global__ void add_ten(const float* a, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a[i] + 10.0f;
  if (i == 0 && home != nullptr) {
    FILE* f = fopen(home, "r");
    if (f != nullptr) fclose(f);
  }
}
