// What a thread's wait costs on the emulator, compiled for the emulator only (wait_kernels.h).
#include "cudalab/emu/bind.h"
#include "wait_kernels.h"

namespace cudalab::bench {
namespace emu_kernels {

__global__ void barrier_loop(int loops, int* sink) {
  for (int i = 0; i < loops; ++i) __syncthreads();
  if (loops < 0) sink[0] = 1;
}

__global__ void two_barrier_loop(int loops, int* sink) {
  for (int i = 0; i < loops; ++i) {
    __syncthreads();
    __syncthreads();
  }
  if (loops < 0) sink[0] = 1;
}

__global__ void shuffle_loop(int loops, int* sink) {
  int value = static_cast<int>(threadIdx.x);
  for (int i = 0; i < loops; ++i) value += __shfl_down_sync(0xffffffffu, value, 1);
  if (loops < 0) sink[0] = value;
}

}  // namespace emu_kernels

// Built like CUDALAB_DEFINE_KERNEL builds a handle, minus the key: these kernels have no GPU half.
const Kernel<void(int, int*)> barrier_loop{{"barrier_loop"}, &emu_kernels::barrier_loop};
const Kernel<void(int, int*)> two_barrier_loop{{"two_barrier_loop"}, &emu_kernels::two_barrier_loop};
const Kernel<void(int, int*)> shuffle_loop{{"shuffle_loop"}, &emu_kernels::shuffle_loop};
}  // namespace cudalab::bench
