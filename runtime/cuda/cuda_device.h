#pragma once
// The CUDA backend of Device (runtime-internal; lessons see only cudalab/device.h).
#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "cuda/printf_channel.h"
#include "cudalab/device.h"

struct CUstream_st;  // cudaStream_t is a CUstream_st*

namespace cudalab::cuda {

class CudaDevice final : public Device {
 public:
  // Creates the device's context and its printf channel.
  static Status open(int index, std::unique_ptr<Device>* out);
  ~CudaDevice() override;

  Status allocate(std::size_t bytes, void** out) override;
  void release(void* ptr) noexcept override;
  Status allocate_pinned(std::size_t bytes, void** out) override;
  void release_pinned(void* ptr) noexcept override;
  Status copy_to_device(void* dst, const void* src, std::size_t bytes) override;
  Status copy_to_host(void* dst, const void* src, std::size_t bytes) override;
  Status copy_device_to_device(void* dst, const void* src, std::size_t bytes) override;
  Status fill_zero(void* dst, std::size_t bytes) override;
  std::size_t free_memory() const override;

  Status launch(const KernelEntry& kernel, const LaunchConfig& config, void** gpu_args,
                const EmuInvocation& emu) override;
  Status synchronize() override;
  // jit.h; in cuda_jit.cpp / emu_jit.cpp.
  Status compile(const JitSource& source, std::unique_ptr<JitKernel>* kernel, JitOutput* out,
                 double time_limit_seconds) override;
  // In cupti_counters.cpp.
  Status read_hardware_counters(const std::vector<std::string>& metrics, const std::function<Status()>& work,
                                HardwareCounters* out) override;
  Status encode_tensor_map(const TensorMapRequest& request, TensorMap* out) override;
  Status kernel_attributes(const KernelEntry& kernel, KernelAttributes* out) override;
  Status max_active_blocks_per_sm(const KernelEntry& kernel, int threads_per_block, std::size_t dynamic_shared_bytes,
                                  int* out) override;

  std::shared_ptr<Event> record_event() override;
  std::shared_ptr<Event> record_event_on(int stream) override;
  double elapsed_ms(const Event& start, const Event& end) override;
  TimingSource timing_source() const override { return TimingSource::gpu_events; }

  bool streams_overlap() const override { return true; }
  Status copy_to_device_async(void* dst, const void* src, std::size_t bytes, int stream) override;
  Status copy_to_host_async(void* dst, const void* src, std::size_t bytes, int stream) override;

  std::string take_printf_output() override;

 private:
  CudaDevice(int index, DeviceFacts facts);
  Status select() const;
  // Every CUDA failure passes through here: a sticky error (illegal address, trap...) leaves the
  // context unusable, so the device is reset, its generation bumped, and the Status says so.
  Status settle(Status status);
  // Resets the device and makes a fresh context, retrying for up to `patience`.
  Status recover(std::chrono::milliseconds patience);
  // Success, or why this process can no longer use the GPU (after a fault it could not recover).
  Status usable();
  // Keeps an error from a call that cannot return one (events, printf) for the next synchronize().
  void defer(Status status);
  Status launch_on_gpu(const void* function, const void* (*printf_slot)(), const LaunchConfig& config,
                       void** gpu_args);
  // The CUDA stream behind a stream number (0: the default stream), created on first use.
  Status stream_handle(int stream, CUstream_st** out);
  Status copy_async(void* dst, const void* src, std::size_t bytes, int stream, int kind);

  int index_;
  PrintfChannel printf_channel_;
  std::string printf_text_;
  Status deferred_;
  Status lost_;
  // Streams 1..kLastStream once created (index 0 unused); a reset destroys them with the context.
  std::vector<CUstream_st*> streams_;
  // While CUPTI reads counters: the name of each kernel launched, in order. CUPTI's automatic
  // ranges are numbered, not named, and range i is the i-th launch.
  std::vector<std::string>* profiled_launches_ = nullptr;
  // Shared with events, which must not destroy a handle from before a reset.
  std::shared_ptr<std::atomic<std::uint64_t>> live_generation_;
};

// CUDA device `index`; fails with the CUDA error in words when there is none (the GPU backend's
// make_device, runtime/src/gpu_backend_abi.h).
Status make_device(int index, std::unique_ptr<Device>* out);

}  // namespace cudalab::cuda
