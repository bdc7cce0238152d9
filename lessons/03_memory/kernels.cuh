// Chapter 3: where data lives.
//   registers and local memory  private to one thread
//   shared memory               one copy per block, seen by that block's threads only
//   global memory               seen by every thread of every block, and by the host's copies
#include <cudalab/trace.cuh>

#include "kernel_shapes.h"

// Global memory bandwidth: every thread copies elements from one global array to another, jumping
// by the number of threads in the grid (a grid-stride loop), so any grid covers any size.
// Each element is read once and written once: 2 × n × sizeof(float) bytes cross the memory bus.
__global__ void copy_array(const float* in, float* out, size_t n) {
  size_t stride = (size_t)blockDim.x * gridDim.x;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    out[i] = in[i];
  }
}

// The same copy, four floats at a time: one 16-byte load and one 16-byte store per thread instead
// of 4-byte ones, so every thread keeps four times as many bytes on their way. (n must be a
// multiple of 4, and the buffers 16-byte aligned, as cudaMalloc's are.)
__global__ void copy_array_float4(const float* in, float* out, size_t n) {
  const float4* in4 = reinterpret_cast<const float4*>(in);
  float4* out4 = reinterpret_cast<float4*>(out);
  size_t stride = (size_t)blockDim.x * gridDim.x;
  for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n / 4; i += stride) {
    out4[i] = in4[i];
  }
}

// A blur: out[i] is the average of the 2 × radius + 1 inputs around i. Every input is read by
// 2 × radius + 1 different threads, and every one of those reads goes to global memory.
__global__ void blur_from_global(const float* in, float* out, int n, int radius) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float sum = 0.0f;
  for (int k = -radius; k <= radius; ++k) {
    int j = i + k;
    if (j >= 0 && j < n) sum += in[j];
  }
  out[i] = sum / (2 * radius + 1);
}

// The same blur, staged through shared memory. The block first copies the inputs it needs (its
// own blockDim.x elements plus radius on each side) into its tile, each element once; after
// __syncthreads() every thread reads its 2 × radius + 1 inputs from the tile instead.
// Launch with (blockDim.x + 2 × radius) × sizeof(float) bytes of dynamic shared memory.
__global__ void blur_through_shared(const float* in, float* out, int n, int radius, cudalab::Trace trace) {
  extern __shared__ float tile[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int tile_start = (int)(blockIdx.x * blockDim.x) - radius;  // the element tile[0] holds
  int tile_size = (int)blockDim.x + 2 * radius;
  for (int slot = threadIdx.x; slot < tile_size; slot += blockDim.x) {
    int j = tile_start + slot;
    tile[slot] = (j >= 0 && j < n) ? in[j] : 0.0f;
    trace.record(kTileSlotLoaded, j, slot);
  }
  __syncthreads();  // the whole tile is loaded before anyone reads it
  if (i >= n) return;
  float sum = 0.0f;
  for (int k = 0; k <= 2 * radius; ++k) {
    sum += tile[threadIdx.x + k];
  }
  out[i] = sum / (2 * radius + 1);
}

// Shared memory belongs to a block: every thread writes its block's id into its own slot, then
// reads the slot of a neighbour `offset` places along. The id is tagged with this launch's mark
// (mark × 1000 + block id: 7003 is block 3 of launch 7), so a value left in the memory by an
// earlier launch is never mistaken for a fresh one. Without the barrier a thread may read the slot
// before its neighbour has written it, and get whatever the memory held before.
__global__ void read_neighbour_slot(int* seen, int offset, bool wait_for_block, int launch_mark, cudalab::Trace trace) {
  __shared__ int slots[1024];
  if (threadIdx.x == 0) trace.record(kBlockRan);
  slots[threadIdx.x] = launch_mark * 1000 + blockIdx.x;
  if (wait_for_block) {
    __syncthreads();
  }
  int neighbour = (threadIdx.x + offset) % blockDim.x;
  seen[blockIdx.x * blockDim.x + threadIdx.x] = slots[neighbour];
}

// Registers and local memory: a small array private to each thread. Indexed with numbers the
// compiler knows (the loops are unrolled), it can live in registers...
__global__ void values_with_constant_index(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float values[kValuesPerThread];
#pragma unroll
  for (int k = 0; k < kValuesPerThread; ++k) values[k] = in[i] * (k + 1);
  float sum = 0.0f;
#pragma unroll
  for (int k = 0; k < kValuesPerThread; ++k) sum += values[k] * values[kValuesPerThread - 1 - k];
  out[i] = sum;
}

// ...indexed with numbers known only at run time (read from `order`), it cannot: registers have
// no addresses, so the array goes to local memory, which lives in global memory behind the caches.
__global__ void values_with_runtime_index(const float* in, const int* order, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float values[kValuesPerThread];
#pragma unroll
  for (int k = 0; k < kValuesPerThread; ++k) values[k] = in[i] * (k + 1);
  float sum = 0.0f;
  for (int k = 0; k < kValuesPerThread; ++k) sum += values[order[k]] * values[kValuesPerThread - 1 - order[k]];
  out[i] = sum;
}
