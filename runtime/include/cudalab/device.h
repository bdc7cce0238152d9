#pragma once
// Device: the one interface lessons talk to. Two implementations, chosen at run time: a CUDA
// device (runtime/cuda) and the CPU emulator of the CUDA model (runtime/emu). Lesson code never
// asks which one it has for correctness, only to label what it shows.
#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cudalab/device_facts.h"
#include "cudalab/hardware_counters.h"
#include "cudalab/dim.h"
#include "cudalab/status.h"
#include "cudalab/tensor_map.h"
#include "cudalab/timing.h"

namespace cudalab {

// A kernel compiled for both backends, type-erased (see kernel.h for the typed front).
struct KernelEntry {
  const char* name = "";
  // GPU: the kernel's key in the GPU backend's table of compiled kernels (kernel.h:
  // CUDALAB_KERNEL_KEY); null for a kernel that has no GPU half (the emulator's benchmarks).
  const char* (*key)() = nullptr;
  // GPU: a kernel compiled at run time (jit.h): its cudaKernel_t, used instead of the table.
  const void* gpu_function = nullptr;
};

struct JitSource;
struct JitOutput;
class JitKernel;

// Arguments packed for the emulator: `invoke(args)` runs the kernel body once for the current
// emulated thread. `args` stays alive until the launch has finished (launches are asynchronous).
struct EmuInvocation {
  std::shared_ptr<const void> args;
  void (*invoke)(const void* args) = nullptr;
};

// What the compiler made of one kernel for this device (cudaFuncGetAttributes), for lessons on
// registers, spills and occupancy.
struct KernelAttributes {
  int registers_per_thread = 0;
  std::size_t local_bytes_per_thread = 0;  // stack and register spills
  std::size_t static_shared_bytes = 0;     // __shared__ arrays of fixed size
  std::size_t constant_bytes = 0;
  int max_threads_per_block = 0;           // the most this kernel can launch with
  int ptx_version = 0;                     // 90 for compute_90
  int binary_version = 0;                  // SASS the driver runs: 90 for sm_90
};

// A moment on the device's timeline (cudaEvent_t on a GPU, a steady-clock stamp on the emulator).
class Event {
 public:
  virtual ~Event() = default;
};

class Device {
 public:
  virtual ~Device() = default;
  const DeviceFacts& facts() const { return facts_; }
  bool is_gpu() const { return facts_.is_gpu(); }

  // --- memory -----------------------------------------------------------------------------------
  virtual Status allocate(std::size_t bytes, void** out) = 0;  // checked against free memory
  virtual void release(void* ptr) noexcept = 0;
  virtual Status allocate_pinned(std::size_t bytes, void** out) = 0;  // page-locked host memory
  virtual void release_pinned(void* ptr) noexcept = 0;
  virtual Status copy_to_device(void* dst, const void* src, std::size_t bytes) = 0;  // synchronous
  virtual Status copy_to_host(void* dst, const void* src, std::size_t bytes) = 0;    // synchronous
  virtual Status copy_device_to_device(void* dst, const void* src, std::size_t bytes) = 0;
  virtual Status fill_zero(void* dst, std::size_t bytes) = 0;
  virtual std::size_t free_memory() const = 0;
  // Bumped after every device reset: buffers from an older generation must not be freed.
  std::uint64_t generation() const { return generation_; }

  // --- execution ------------------------------------------------------------------------------
  // Validates `config`, then enqueues the kernel; returns before it finishes (asynchronous, as
  // on CUDA). Errors the launch itself detects come back here; faults inside the kernel come back
  // from synchronize().
  virtual Status launch(const KernelEntry& kernel, const LaunchConfig& config, void** gpu_args,
                        const EmuInvocation& emu) = 0;
  // Waits for all enqueued work; returns the first error of that work.
  virtual Status synchronize() = 0;
  // What the compiler made of `kernel` for this device; only a GPU knows (emulator: unsupported).
  virtual Status kernel_attributes(const KernelEntry& kernel, KernelAttributes* out) {
    (void)kernel;
    (void)out;
    return Status::error(StatusCode::unsupported, "kernel attributes (registers, spills) exist only on a GPU");
  }
  // How many blocks of `kernel` with `threads_per_block` threads and `dynamic_shared_bytes` of
  // dynamic shared memory one SM holds at once (cudaOccupancyMaxActiveBlocksPerMultiprocessor);
  // only a GPU answers (emulator: unsupported, it runs one block per worker at a time).
  virtual Status max_active_blocks_per_sm(const KernelEntry& kernel, int threads_per_block,
                                          std::size_t dynamic_shared_bytes, int* out) {
    (void)kernel;
    (void)threads_per_block;
    (void)dynamic_shared_bytes;
    (void)out;
    return Status::error(StatusCode::unsupported,
                         "occupancy (cudaOccupancyMaxActiveBlocksPerMultiprocessor) is not available on the emulator: "
                         "it runs one block per worker at a time");
  }

  // --- kernels compiled at run time (jit.h) ------------------------------------------------------
  virtual Status compile(const JitSource& source, std::unique_ptr<JitKernel>* kernel, JitOutput* out,
                         double time_limit_seconds) {
    (void)source;
    (void)kernel;
    (void)out;
    (void)time_limit_seconds;
    return Status::error(StatusCode::unsupported, "this backend cannot compile kernels while the app runs");
  }

  // --- tensor maps for TMA (tensor_map.h) --------------------------------------------------------
  // Fills `out` for `request` (cuTensorMapEncodeTiled). Only a GPU of compute capability 9.0 or
  // newer makes one; the emulator and older GPUs answer `unsupported` in words.
  virtual Status encode_tensor_map(const TensorMapRequest& request, TensorMap* out) {
    (void)request;
    (void)out;
    return Status::error(StatusCode::unsupported,
                         "bulk tensor copies (TMA) belong to GPUs of compute capability 9.0 or newer: the emulator has "
                         "none");
  }

  // --- the hardware's own counters (hardware_counters.h) ------------------------------------------
  // Runs `work` once while CUPTI reads `metrics` for each kernel it launches. Errors from `work`
  // come back as they are; a GPU without CUPTI, or whose driver keeps the counters to
  // administrators, answers `unsupported` with the reason in words (the work then did not run).
  virtual Status read_hardware_counters(const std::vector<std::string>& metrics, const std::function<Status()>& work,
                                        HardwareCounters* out) {
    (void)metrics;
    (void)work;
    (void)out;
    return Status::error(StatusCode::unsupported,
                         "hardware counters belong to a GPU: the emulator has none, so only the trace's counts are shown");
  }

  // --- timing ---------------------------------------------------------------------------------
  virtual std::shared_ptr<Event> record_event() = 0;  // enqueued after the work so far
  // Milliseconds between two recorded events (both must have completed: synchronize first).
  virtual double elapsed_ms(const Event& start, const Event& end) = 0;
  // How times of this device are measured, for labels: "GPU · CUDA events" / "CPU emulator · steady clock — not a GPU time".
  virtual TimingSource timing_source() const = 0;

  // --- streams --------------------------------------------------------------------------------
  // Streams 1..kLastStream are extra in-order queues next to the default stream 0 (which every
  // call above uses). A launch picks its stream in LaunchConfig::stream. On a GPU, work on
  // different streams may overlap: a copy engine copies while the SMs compute. A backend with one
  // queue (these defaults, the emulator) runs every stream's work in order, one after another.
  virtual bool streams_overlap() const { return false; }
  // Enqueues a copy on `stream`; on a GPU it returns at once when the host side is page-locked
  // (PinnedBuffer), so the host must not touch that memory until the stream has passed it.
  // Default: the synchronous copy, which keeps the order of one queue.
  virtual Status copy_to_device_async(void* dst, const void* src, std::size_t bytes, int stream) {
    CUDALAB_RETURN_IF_ERROR(check_stream(stream));
    return copy_to_device(dst, src, bytes);
  }
  virtual Status copy_to_host_async(void* dst, const void* src, std::size_t bytes, int stream) {
    CUDALAB_RETURN_IF_ERROR(check_stream(stream));
    return copy_to_host(dst, src, bytes);
  }
  // An event enqueued on `stream` after the work so far on it (default: on the one queue).
  virtual std::shared_ptr<Event> record_event_on(int stream) {
    (void)stream;
    return record_event();
  }
  // Streams are numbered 0 to kLastStream: anything else is a message, not a crash.
  static Status check_stream(int stream);

  // --- kernel printf --------------------------------------------------------------------------
  // Everything kernels printed since the last call, in the order the device delivered it.
  virtual std::string take_printf_output() = 0;

 protected:
  DeviceFacts facts_;
  std::uint64_t generation_ = 0;
};

// The backends present on this machine: every CUDA device, then the emulator (always present).
struct BackendChoice {
  DeviceFacts facts;
  std::string id;  // "gpu:0", "emu"
};
std::vector<BackendChoice> list_backends();

enum class BackendRequest { automatic, gpu, emulator };
// Opens the asked backend (automatic: GPU 0 when present, else the emulator). Asking for a GPU
// where there is none fails with the CUDA error in words.
Status open_device(BackendRequest request, std::unique_ptr<Device>* out, int gpu_index = 0,
                   int emulator_workers = 0);

}  // namespace cudalab
