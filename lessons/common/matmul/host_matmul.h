#pragma once
// The host code around the kernels (the tutorial's host_naive and host_optimized): allocate A, B
// and C on the device, copy A and B in, launch, copy C out. Each can also say how long the kernel
// alone took and how long the whole trip took, both on the device's own clock (CUDA events on a
// GPU; the emulator's steady clock, a CPU time, otherwise).
#include <functional>

#include "cudalab/device.h"

namespace cudalab::lessons::matmul {

struct HostTimes {
  double kernel_ms = 0;        // the kernel alone
  double with_copies_ms = 0;   // copy A and B in, the kernel, copy C out
};

// Which thread computes which element in the naive kernel.
enum class NaiveMapping {
  row_from_x,     // mat_mul_naive_kernel, as the Numba tutorial the course follows writes it
  column_from_x,  // mat_mul_coalesced_kernel
};

// mat_mul_naive_kernel (or the coalesced one) with block_edge × block_edge threads per block, one
// thread per element of C. `a`, `b`, `c` are host arrays of n × n floats.
Status host_naive(Device& device, const float* a, const float* b, float* c, int n,
                  NaiveMapping mapping = NaiveMapping::row_from_x, unsigned block_edge = 16, HostTimes* times = nullptr);

// mat_mul_shared_kernel with tile × tile threads per block (a tile the kernel was compiled for:
// 8, 16 or 32); one block per tile of C.
Status host_optimized(Device& device, const float* a, const float* b, float* c, int n, int tile = 16,
                      HostTimes* times = nullptr);

// The most n the kernels index correctly (row * n + col must fit in an int).
inline constexpr int kLargestN = 46340;
// n in range, the three matrices within the device's free memory: otherwise a message in words.
Status check_problem_fits(const Device& device, int n);
// The launch of the shared-tile kernel for `tile` checked against the device (threads per block,
// shared memory) and against the tiles the kernel was compiled for.
Status check_tile(const Device& device, int tile);

// The common trip: allocate, copy in, `enqueue(device_a, device_b, device_c)`, copy out, with
// events around the kernel and around the whole trip. For kernels and for libraries alike.
Status run_on_device(Device& device, const float* a, const float* b, float* c, int n,
                     const std::function<Status(const float* device_a, const float* device_b, float* device_c)>& enqueue,
                     HostTimes* times);

}  // namespace cudalab::lessons::matmul
