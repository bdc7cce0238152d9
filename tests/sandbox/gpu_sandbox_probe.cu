// Whether the CUDA driver still works inside the sandbox (app/sandbox/sandbox.h), on a GPU: a
// context opened after enter_sandbox() (the device files, /sys and the driver's libraries are all
// it sees), kernels launched, copied back and synchronised before and after seal_run_phase(), from
// the main thread and from a new one (the filter must let CUDA's launch path through). Prints the
// sandbox's line; exit 0 all held, 1 a step failed, 77 no GPU here (ctest: skipped).
#include <cuda_runtime.h>

#include <cstdio>
#include <string>
#include <thread>

#include "sandbox/sandbox.h"

namespace {

__global__ void add_one(int* values, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) values[i] += 1;
}

// One launch and its round trip; false (and says why) on any error.
bool launch_once(const char* where, int expected_after) {
  constexpr int n = 4096;
  int* device = nullptr;
  int host[n];
  for (int& v : host) v = expected_after - 1;
  cudaError_t error = cudaMalloc(&device, sizeof host);
  if (error == cudaSuccess) error = cudaMemcpy(device, host, sizeof host, cudaMemcpyHostToDevice);
  if (error == cudaSuccess) {
    add_one<<<(n + 255) / 256, 256>>>(device, n);
    error = cudaGetLastError();
  }
  if (error == cudaSuccess) error = cudaDeviceSynchronize();
  if (error == cudaSuccess) error = cudaMemcpy(host, device, sizeof host, cudaMemcpyDeviceToHost);
  cudaFree(device);
  if (error != cudaSuccess) {
    std::printf("%s: %s\n", where, cudaGetErrorString(error));
    return false;
  }
  for (int v : host)
    if (v != expected_after) {
      std::printf("%s: wrong value %d\n", where, v);
      return false;
    }
  std::printf("%s: ok\n", where);
  return true;
}

}  // namespace

int main() {
  // The probe is its own worker: no app channel, so the report goes to stdout.
  // CUDALAB_SANDBOX_NAMESPACES=0 tries the fallback (Landlock instead of a new root).
  char name[] = "probe", backend[] = "--backend=gpu";
  char* argv[] = {name, backend, nullptr};
  const cudalab::app::sandbox::Options options = cudalab::app::sandbox::options_from(2, argv);
  const cudalab::app::sandbox::Report report = cudalab::app::sandbox::enter_sandbox(options);
  std::printf("%s\n", report.line().c_str());
  int count = 0;
  if (const cudaError_t error = cudaGetDeviceCount(&count); error != cudaSuccess || count == 0) {
    std::printf("no GPU inside the sandbox: %s (%s)\n", cudaGetErrorString(error),
                report.gpu_possible ? "its device files are there" : "none here");
    return report.gpu_possible ? 1 : 77;
  }
  bool ok = launch_once("before the seal", 1);
  cudalab::app::sandbox::seal_run_phase();
  std::printf("%s\n", cudalab::app::sandbox::current_line().c_str());
  ok = launch_once("after the seal", 2) && ok;
  bool threaded = false;
  std::thread([&] { threaded = launch_once("after the seal, from a new thread", 3); }).join();
  ok = ok && threaded;
  cudaDeviceReset();
  std::printf("%s\n", ok ? "GPU-SANDBOX-OK" : "GPU-SANDBOX-FAILED");
  return ok ? 0 : 1;
}
