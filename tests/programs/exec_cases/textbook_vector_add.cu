// A textbook vector add (the CUDA samples' shape): std::cout, EXIT_FAILURE, cudaGetErrorString,
// a device-side bounds check and a host-side verification. Runs unchanged on the emulator.
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <vector>

#include <cuda_runtime.h>

__global__ void vectorAdd(const float* A, const float* B, float* C, int numElements) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < numElements) C[i] = A[i] + B[i] + 0.0f;
}

static void check(cudaError_t err, const char* what) {
  if (err != cudaSuccess) {
    std::cerr << "Failed to " << what << " (error code " << cudaGetErrorString(err) << ")!" << std::endl;
    exit(EXIT_FAILURE);
  }
}

int main() {
  const int numElements = 50000;
  const size_t size = numElements * sizeof(float);
  std::cout << "[Vector addition of " << numElements << " elements]" << std::endl;
  std::vector<float> h_A(numElements), h_B(numElements), h_C(numElements);
  for (int i = 0; i < numElements; ++i) {
    h_A[i] = rand() / (float)RAND_MAX;
    h_B[i] = rand() / (float)RAND_MAX;
  }
  float *d_A = NULL, *d_B = NULL, *d_C = NULL;
  check(cudaMalloc((void**)&d_A, size), "allocate device vector A");
  check(cudaMalloc((void**)&d_B, size), "allocate device vector B");
  check(cudaMalloc((void**)&d_C, size), "allocate device vector C");
  check(cudaMemcpy(d_A, h_A.data(), size, cudaMemcpyHostToDevice), "copy vector A from host to device");
  check(cudaMemcpy(d_B, h_B.data(), size, cudaMemcpyHostToDevice), "copy vector B from host to device");
  int threadsPerBlock = 256;
  int blocksPerGrid = (numElements + threadsPerBlock - 1) / threadsPerBlock;
  printf("CUDA kernel launch with %d blocks of %d threads\n", blocksPerGrid, threadsPerBlock);
  vectorAdd<<<blocksPerGrid, threadsPerBlock>>>(d_A, d_B, d_C, numElements);
  check(cudaGetLastError(), "launch vectorAdd kernel");
  check(cudaMemcpy(h_C.data(), d_C, size, cudaMemcpyDeviceToHost), "copy vector C from device to host");
  for (int i = 0; i < numElements; ++i) {
    if (std::fabs(h_A[i] + h_B[i] - h_C[i]) > 1e-5) {
      std::cerr << "Result verification failed at element " << i << "!" << std::endl;
      exit(EXIT_FAILURE);
    }
  }
  std::cout << "Test PASSED" << std::endl;
  check(cudaFree(d_A), "free device vector A");
  check(cudaFree(d_B), "free device vector B");
  check(cudaFree(d_C), "free device vector C");
  std::cout << "Done" << std::endl;
  return 0;
}
