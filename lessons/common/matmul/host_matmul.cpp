#include "host_matmul.h"

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "kernels.h"
#include "measure.h"
#include "text/say.h"

namespace cudalab::lessons::matmul {

Status check_problem_fits(const Device& device, int n) {
  if (n < 1)
    return Status::error(StatusCode::invalid_argument,
                         say("n must be at least 1 (a matrix of n × n floats); got {}", n));
  if (n > kLargestN)
    return Status::error(StatusCode::invalid_argument,
                         say("n = {} is too large: these kernels index with int, so n × n must stay below "
                             "2³¹ (n ≤ {})",
                             n, kLargestN));
  const double bytes = 3.0 * double(n) * double(n) * sizeof(float);
  const double free_bytes = double(device.free_memory());
  if (bytes > free_bytes)
    return Status::error(StatusCode::out_of_memory,
                         say("A, B and C of {} × {} floats need {} of device memory; the {} has {} free", n, n,
                             bytes_three_digits(bytes), device.is_gpu() ? "GPU" : "emulator",
                             bytes_three_digits(free_bytes)));
  return Status::success();
}

Status check_tile(const Device& device, int tile) {
  if (tile < 1) return Status::error(StatusCode::invalid_argument, say("a tile must be at least 1 × 1; got {}", tile));
  const unsigned edge = static_cast<unsigned>(tile);
  // The device's own limits first, in its words: a 64 × 64 tile needs 4096 threads per block.
  CUDALAB_RETURN_IF_ERROR(validate_launch({Dim3(1, 1), Dim3(edge, edge)}, device.facts()));
  const std::size_t shared_bytes = 2 * std::size_t(edge) * edge * sizeof(float);
  if (shared_bytes > device.facts().shared_per_block)
    return Status::error(StatusCode::invalid_config,
                         say("two {} × {} tiles of floats need {} of shared memory per block; the {} allows {}",
                             tile, tile, bytes_three_digits(double(shared_bytes)),
                             device.is_gpu() ? "GPU" : "emulator",
                             bytes_three_digits(double(device.facts().shared_per_block))));
  if (!shared_tile_kernels(tile))
    return Status::error(StatusCode::unsupported,
                         say("mat_mul_shared_kernel is compiled for tiles of 8, 16 and 32; not {}", tile));
  return Status::success();
}

Status run_on_device(Device& device, const float* a, const float* b, float* c, int n,
                     const std::function<Status(const float*, const float*, float*)>& enqueue, HostTimes* times) {
  CUDALAB_RETURN_IF_ERROR(check_problem_fits(device, n));
  const std::size_t count = std::size_t(n) * std::size_t(n);
  Buffer<float> device_a, device_b, device_c;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, count, &device_a));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, count, &device_b));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, count, &device_c));

  auto trip_start = device.record_event();
  CUDALAB_RETURN_IF_ERROR(device_a.upload({a, count}));
  CUDALAB_RETURN_IF_ERROR(device_b.upload({b, count}));
  auto kernel_start = device.record_event();
  CUDALAB_RETURN_IF_ERROR(enqueue(device_a.data(), device_b.data(), device_c.data()));
  auto kernel_end = device.record_event();
  CUDALAB_RETURN_IF_ERROR(device_c.download({c, count}));  // waits for the kernel
  auto trip_end = device.record_event();
  CUDALAB_RETURN_IF_ERROR(device.synchronize());
  if (times) {
    times->kernel_ms = device.elapsed_ms(*kernel_start, *kernel_end);
    times->with_copies_ms = device.elapsed_ms(*trip_start, *trip_end);
  }
  return Status::success();
}

Status host_naive(Device& device, const float* a, const float* b, float* c, int n, NaiveMapping mapping,
                  unsigned block_edge, HostTimes* times) {
  CUDALAB_RETURN_IF_ERROR(check_problem_fits(device, n));
  const unsigned edge = std::max(block_edge, 1u);
  const unsigned blocks = (static_cast<unsigned>(n) + edge - 1) / edge;
  const LaunchConfig config{Dim3(blocks, blocks), Dim3(block_edge, block_edge)};
  CUDALAB_RETURN_IF_ERROR(validate_launch(config, device.facts()));
  const Kernel<TimedMatmul>& kernel = mapping == NaiveMapping::row_from_x ? matmul_naive : matmul_coalesced;
  return run_on_device(
      device, a, b, c, n,
      [&](const float* device_a, const float* device_b, float* device_c) {
        return launch(device, kernel, config, device_a, device_b, device_c, n, NoTrace{});
      },
      times);
}

Status host_optimized(Device& device, const float* a, const float* b, float* c, int n, int tile, HostTimes* times) {
  CUDALAB_RETURN_IF_ERROR(check_problem_fits(device, n));
  CUDALAB_RETURN_IF_ERROR(check_tile(device, tile));
  const unsigned edge = static_cast<unsigned>(tile);
  const unsigned blocks = (static_cast<unsigned>(n) + edge - 1) / edge;
  const LaunchConfig config{Dim3(blocks, blocks), Dim3(edge, edge)};
  CUDALAB_RETURN_IF_ERROR(validate_launch(config, device.facts()));
  const Kernel<TimedMatmul>& kernel = *shared_tile_kernels(tile)->timed;
  return run_on_device(
      device, a, b, c, n,
      [&](const float* device_a, const float* device_b, float* device_c) {
        return launch(device, kernel, config, device_a, device_b, device_c, n, NoTrace{});
      },
      times);
}

}  // namespace cudalab::lessons::matmul
