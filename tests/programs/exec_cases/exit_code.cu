// exit() in the middle of a program: what it printed arrives, and `cudalab exec` exits with its code.
#include <cstdio>
#include <cstdlib>
__global__ void mark(int* flag) { *flag = 1; }
int main() {
  int* flag;
  cudaMalloc(&flag, sizeof(int));
  mark<<<1, 1>>>(flag);
  int on_host = 0;
  cudaMemcpy(&on_host, flag, sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("flag %d\n", on_host);
  std::exit(7);
}
