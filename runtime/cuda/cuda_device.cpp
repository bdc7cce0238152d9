#include "cuda/cuda_device.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "cuda/cuda_check.h"
#include "cuda/cuda_facts.h"
#include "cudalab/gpu/kernel_table.h"
#include "cudalab/message_format.h"

namespace cudalab {
namespace cuda {
namespace {

// Above this a kernel must opt in to more dynamic shared memory (cudaFuncSetAttribute).
constexpr std::size_t kSharedWithoutOptIn = 48 * 1024;

// Decimal units, as GPU memory is advertised: "asked for 200 GB, the GPU has 139 GB free".
std::string size_in_words(std::size_t bytes) {
  const double value = static_cast<double>(bytes);
  if (value >= 1e9) return fmt::format("{:.{}f} GB", value / 1e9, value >= 1e10 ? 0 : 1);
  if (value >= 1e6) return fmt::format("{:.{}f} MB", value / 1e6, value >= 1e7 ? 0 : 1);
  if (value >= 1e3) return fmt::format("{:.{}f} KB", value / 1e3, value >= 1e4 ? 0 : 1);
  return fmt::format("{} bytes", bytes);
}

class CudaEvent final : public Event {
 public:
  CudaEvent(std::shared_ptr<const std::atomic<std::uint64_t>> live_generation, std::uint64_t generation)
      : live_generation_(std::move(live_generation)), generation_(generation) {}
  ~CudaEvent() override {
    // A reset destroyed the old context and its events with it.
    if (created_ && live_generation_->load() == generation_) (void)cudaEventDestroy(handle_);
  }
  bool usable() const { return recorded_ && live_generation_->load() == generation_; }

  cudaEvent_t handle_ = nullptr;
  bool created_ = false;
  bool recorded_ = false;

 private:
  std::shared_ptr<const std::atomic<std::uint64_t>> live_generation_;
  std::uint64_t generation_;
};

}  // namespace

CudaDevice::CudaDevice(int index, DeviceFacts facts)
    : index_(index), live_generation_(std::make_shared<std::atomic<std::uint64_t>>(0)) {
  facts_ = std::move(facts);
}

CudaDevice::~CudaDevice() {
  // The context stays (it is the process's primary context, shared with any other user of this GPU).
  if (select().ok()) {
    printf_channel_.release();
    for (CUstream_st* stream : streams_)
      if (stream != nullptr) (void)cudaStreamDestroy(stream);
  }
}

Status CudaDevice::open(int index, std::unique_ptr<Device>* out) {
  DeviceFacts facts;
  CUDALAB_RETURN_IF_ERROR(read_device_facts(index, &facts));
  std::unique_ptr<CudaDevice> device(new CudaDevice(index, std::move(facts)));
  CUDALAB_RETURN_IF_ERROR(device->select());
  CUDALAB_CUDA_TRY(cudaFree(nullptr));  // creates the context now, not inside the first timed launch
  CUDALAB_RETURN_IF_ERROR(device->printf_channel_.create());
  *out = std::move(device);
  return Status::success();
}

Status CudaDevice::select() const {
  // Only when another device is current: cudaGetDevice never touches a context, so a sticky error
  // is reported by the call that meets it, not here.
  int current = -1;
  if (cudaGetDevice(&current) == cudaSuccess && current == index_) return Status::success();
  CUDALAB_CUDA_TRY(cudaSetDevice(index_));
  return Status::success();
}

Status CudaDevice::settle(Status status) {
  const bool sticky = status.code == StatusCode::kernel_fault || status.code == StatusCode::timeout;
  if (!sticky) return status;
  // Whatever the faulting kernel printed is unreachable now; only a reset gives a working context.
  printf_channel_.forget();
  streams_.clear();  // gone with the old context: never destroy them
  ++generation_;
  live_generation_->store(generation_);
  status.device_was_reset = true;
  if (Status recovered = recover(std::chrono::seconds(1)); recovered.ok()) {
    status.reword(message("{}; the GPU was reset so the next run can work, and every buffer on it was lost",
                          status.words_or_text()));
  } else {
    lost_ = Status::error(StatusCode::no_device,
                          message("after the earlier fault this process cannot use the GPU again ({}); restart CUDA Lab "
                                  "to run on the GPU, or switch to the emulator",
                                  recovered.words_or_text()));
    status.reword(message("{}; the GPU was reset and every buffer on it was lost, but this process cannot use it again "
                          "({}): restart CUDA Lab to run on the GPU, or switch to the emulator",
                          status.words_or_text(), recovered.words_or_text()));
  }
  return status;
}

Status CudaDevice::recover(std::chrono::milliseconds patience) {
  // A new context can be refused right after a fault ("busy or unavailable"), so retry briefly.
  // Some drivers refuse it for good (the lent H200, driver 580: still refused after 19 s and
  // repeated resets, while a new process runs at once): then the caller says to restart.
  const auto give_up_at = std::chrono::steady_clock::now() + patience;
  auto pause = std::chrono::milliseconds(10);
  for (;;) {
    (void)cudaSetDevice(index_);
    (void)cudaDeviceReset();
    (void)cudaGetLastError();
    Status created = printf_channel_.create();  // the first call after a reset makes the new context
    if (created.ok()) return created;
    if (std::chrono::steady_clock::now() + pause > give_up_at) return created;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(500));
  }
}

Status CudaDevice::usable() {
  if (lost_.ok()) return Status::success();
  // One more try each time it is asked for: the device may have become available meanwhile.
  if (recover(std::chrono::milliseconds(0)).ok()) {
    lost_ = Status::success();
    return Status::success();
  }
  return lost_;
}

void CudaDevice::defer(Status status) {
  if (deferred_.ok() && !status.ok()) deferred_ = std::move(status);
}

// --- memory ---------------------------------------------------------------------------------------

Status CudaDevice::allocate(std::size_t bytes, void** out) {
  *out = nullptr;
  if (bytes == 0) return Status::success();
  CUDALAB_RETURN_IF_ERROR(usable());
  CUDALAB_RETURN_IF_ERROR(select());
  std::size_t free_bytes = 0, total_bytes = 0;
  if (cudaError_t error = cudaMemGetInfo(&free_bytes, &total_bytes); error != cudaSuccess)
    return settle(to_status(error, "cudaMemGetInfo(&free_bytes, &total_bytes)", __FILE__, __LINE__));
  if (bytes > free_bytes)
    return Status::error(StatusCode::out_of_memory,
                         message("asked for {}, the GPU has {} free (of {})", size_in_words(bytes),
                                 size_in_words(free_bytes), size_in_words(total_bytes)));
  if (cudaError_t error = cudaMalloc(out, bytes); error != cudaSuccess) {
    *out = nullptr;
    return settle(to_status(error, "cudaMalloc(out, bytes)", __FILE__, __LINE__));
  }
  return Status::success();
}

void CudaDevice::release(void* ptr) noexcept {
  if (ptr == nullptr) return;
  (void)cudaSetDevice(index_);
  // A failure here is a sticky error from earlier work; the next checked call reports it.
  (void)cudaFree(ptr);
}

Status CudaDevice::allocate_pinned(std::size_t bytes, void** out) {
  *out = nullptr;
  if (bytes == 0) return Status::success();
  CUDALAB_RETURN_IF_ERROR(usable());
  CUDALAB_RETURN_IF_ERROR(select());
  if (cudaError_t error = cudaHostAlloc(out, bytes, cudaHostAllocDefault); error != cudaSuccess) {
    *out = nullptr;
    Status status = to_status(error, "cudaHostAlloc(out, bytes, cudaHostAllocDefault)", __FILE__, __LINE__);
    if (status.code == StatusCode::out_of_memory)
      status.reword(message("could not page-lock {} of host memory ({})", as_is(size_in_words(bytes)),
                            as_is(error_in_words(error))));
    return settle(status);
  }
  return Status::success();
}

void CudaDevice::release_pinned(void* ptr) noexcept {
  if (ptr != nullptr) (void)cudaFreeHost(ptr);
}

namespace {
Status copy(int index, void* dst, const void* src, std::size_t bytes, cudaMemcpyKind kind) {
  if (bytes == 0) return Status::success();
  CUDALAB_CUDA_TRY(cudaSetDevice(index));
  CUDALAB_CUDA_TRY(cudaMemcpy(dst, src, bytes, kind));
  return Status::success();
}
}  // namespace

Status CudaDevice::copy_to_device(void* dst, const void* src, std::size_t bytes) {
  CUDALAB_RETURN_IF_ERROR(usable());
  return settle(copy(index_, dst, src, bytes, cudaMemcpyHostToDevice));
}
Status CudaDevice::copy_to_host(void* dst, const void* src, std::size_t bytes) {
  CUDALAB_RETURN_IF_ERROR(usable());
  return settle(copy(index_, dst, src, bytes, cudaMemcpyDeviceToHost));
}
Status CudaDevice::copy_device_to_device(void* dst, const void* src, std::size_t bytes) {
  CUDALAB_RETURN_IF_ERROR(usable());
  return settle(copy(index_, dst, src, bytes, cudaMemcpyDeviceToDevice));
}

Status CudaDevice::fill_zero(void* dst, std::size_t bytes) {
  if (bytes == 0) return Status::success();
  CUDALAB_RETURN_IF_ERROR(usable());
  auto fill = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(select());
    CUDALAB_CUDA_TRY(cudaMemset(dst, 0, bytes));
    return Status::success();
  };
  return settle(fill());
}

std::size_t CudaDevice::free_memory() const {
  std::size_t free_bytes = 0, total_bytes = 0;
  if (cudaSetDevice(index_) != cudaSuccess || cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) {
    (void)cudaGetLastError();  // the next checked call meets a sticky error again and reports it
    return 0;
  }
  return free_bytes;
}

// --- execution ------------------------------------------------------------------------------------

namespace {

// A handle's GPU half: a kernel compiled at run time (jit.h), or the entry of this backend's table
// under the handle's key (kernel_table.h), with its unit's printf channel.
struct GpuHalf {
  const void* function = nullptr;
  const void* (*printf_slot)() = nullptr;
};

Status find_gpu_half(const KernelEntry& kernel, GpuHalf* out) {
  if (kernel.gpu_function != nullptr) {
    *out = {kernel.gpu_function, nullptr};
    return Status::success();
  }
  if (const gpu::CompiledKernel* compiled = gpu::find_kernel(kernel.key != nullptr ? kernel.key() : nullptr)) {
    *out = {compiled->stub, compiled->printf_slot};
    return Status::success();
  }
  return Status::error(StatusCode::unsupported,
                       message("kernel {} was not built for the GPU (no GPU unit of this backend compiled it)",
                               as_is(kernel.name)));
}

}  // namespace

Status CudaDevice::launch_on_gpu(const void* function, const void* (*printf_slot)(), const LaunchConfig& config,
                                 void** gpu_args) {
  CUDALAB_RETURN_IF_ERROR(select());
  if (printf_slot != nullptr) CUDALAB_RETURN_IF_ERROR(printf_channel_.bind(printf_slot()));
  if (config.dynamic_shared_bytes > kSharedWithoutOptIn)
    CUDALAB_CUDA_TRY(cudaFuncSetAttribute(function, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          static_cast<int>(config.dynamic_shared_bytes)));
  const dim3 grid(config.grid.x, config.grid.y, config.grid.z);
  const dim3 block(config.block.x, config.block.y, config.block.z);
  cudaStream_t stream = nullptr;
  CUDALAB_RETURN_IF_ERROR(stream_handle(config.stream, &stream));
  CUDALAB_CUDA_TRY(cudaLaunchKernel(function, grid, block, gpu_args, config.dynamic_shared_bytes, stream));
  CUDALAB_CUDA_TRY(cudaGetLastError());
  return Status::success();
}

Status CudaDevice::launch(const KernelEntry& kernel, const LaunchConfig& config, void** gpu_args,
                          const EmuInvocation& emu) {
  (void)emu;
  CUDALAB_RETURN_IF_ERROR(validate_launch(config, facts()));
  CUDALAB_RETURN_IF_ERROR(usable());
  GpuHalf half;
  CUDALAB_RETURN_IF_ERROR(find_gpu_half(kernel, &half));
  Status status = launch_on_gpu(half.function, half.printf_slot, config, gpu_args);
  if (status.ok() && profiled_launches_ != nullptr) profiled_launches_->push_back(kernel.name);
  // A sticky error met here may come from an earlier kernel: name this one only when it is its own.
  if (!status.ok() && status.code != StatusCode::kernel_fault && status.code != StatusCode::timeout)
    status.reword(message("launching {}: {}", as_is(kernel.name + config.str()), status.words_or_text()));
  return settle(std::move(status));
}

Status CudaDevice::synchronize() {
  auto wait_and_drain = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(usable());
    CUDALAB_RETURN_IF_ERROR(select());
    CUDALAB_CUDA_TRY(cudaDeviceSynchronize());
    return printf_channel_.drain(&printf_text_);
  };
  Status status = settle(wait_and_drain());
  // An error kept from an event or a printf read happened before this wait: it is the first.
  if (!deferred_.ok()) return std::exchange(deferred_, Status::success());
  return status;
}

Status CudaDevice::kernel_attributes(const KernelEntry& kernel, KernelAttributes* out) {
  GpuHalf half;
  CUDALAB_RETURN_IF_ERROR(find_gpu_half(kernel, &half));
  CUDALAB_RETURN_IF_ERROR(usable());
  auto read = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(select());
    cudaFuncAttributes attributes{};
    CUDALAB_CUDA_TRY(cudaFuncGetAttributes(&attributes, half.function));
    out->registers_per_thread = attributes.numRegs;
    out->local_bytes_per_thread = attributes.localSizeBytes;
    out->static_shared_bytes = attributes.sharedSizeBytes;
    out->constant_bytes = attributes.constSizeBytes;
    out->max_threads_per_block = attributes.maxThreadsPerBlock;
    out->ptx_version = attributes.ptxVersion;
    out->binary_version = attributes.binaryVersion;
    return Status::success();
  };
  return settle(read());
}

Status CudaDevice::max_active_blocks_per_sm(const KernelEntry& kernel, int threads_per_block,
                                            std::size_t dynamic_shared_bytes, int* out) {
  GpuHalf half;
  CUDALAB_RETURN_IF_ERROR(find_gpu_half(kernel, &half));
  CUDALAB_RETURN_IF_ERROR(usable());
  auto read = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(select());
    int blocks = 0;
    CUDALAB_CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, half.function, threads_per_block,
                                                                   dynamic_shared_bytes));
    *out = blocks;
    return Status::success();
  };
  return settle(read());
}

// --- timing ---------------------------------------------------------------------------------------

std::shared_ptr<Event> CudaDevice::record_event() { return record_event_on(0); }

std::shared_ptr<Event> CudaDevice::record_event_on(int stream_number) {
  auto event = std::make_shared<CudaEvent>(live_generation_, generation_);
  auto record = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(select());
    cudaStream_t stream = nullptr;
    CUDALAB_RETURN_IF_ERROR(stream_handle(stream_number, &stream));
    CUDALAB_CUDA_TRY(cudaEventCreate(&event->handle_));
    event->created_ = true;
    CUDALAB_CUDA_TRY(cudaEventRecord(event->handle_, stream));
    event->recorded_ = true;
    return Status::success();
  };
  defer(settle(record()));
  return event;
}

double CudaDevice::elapsed_ms(const Event& start, const Event& end) {
  const auto* from = dynamic_cast<const CudaEvent*>(&start);
  const auto* to = dynamic_cast<const CudaEvent*>(&end);
  constexpr double unknown = std::numeric_limits<double>::quiet_NaN();
  if (from == nullptr || to == nullptr || !from->usable() || !to->usable()) return unknown;
  // Asked before the end event has happened, cudaEventElapsedTime says cudaErrorNotReady; the
  // emulator waits instead. Waiting here too gives both backends one answer (and a real time).
  if (cudaError_t error = cudaEventSynchronize(to->handle_); error != cudaSuccess) {
    defer(settle(to_status(error, "cudaEventSynchronize(end)", __FILE__, __LINE__)));
    return unknown;
  }
  float ms = 0;
  if (cudaError_t error = cudaEventElapsedTime(&ms, from->handle_, to->handle_); error != cudaSuccess) {
    defer(settle(to_status(error, "cudaEventElapsedTime(&ms, start, end)", __FILE__, __LINE__)));
    return unknown;
  }
  return ms;
}

// --- streams --------------------------------------------------------------------------------------

Status CudaDevice::stream_handle(int stream, CUstream_st** out) {
  *out = nullptr;
  CUDALAB_RETURN_IF_ERROR(check_stream(stream));
  if (stream == 0) return Status::success();
  if (streams_.size() <= static_cast<std::size_t>(stream)) streams_.resize(kLastStream + 1, nullptr);
  // Blocking streams (the default flags): the default stream still waits for them, so the
  // synchronous calls above keep their meaning while these streams overlap each other.
  if (streams_[stream] == nullptr) CUDALAB_CUDA_TRY(cudaStreamCreate(&streams_[stream]));
  *out = streams_[stream];
  return Status::success();
}

Status CudaDevice::copy_async(void* dst, const void* src, std::size_t bytes, int stream_number, int kind) {
  if (bytes == 0) return check_stream(stream_number);
  CUDALAB_RETURN_IF_ERROR(usable());
  auto enqueue = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(select());
    cudaStream_t stream = nullptr;
    CUDALAB_RETURN_IF_ERROR(stream_handle(stream_number, &stream));
    CUDALAB_CUDA_TRY(cudaMemcpyAsync(dst, src, bytes, static_cast<cudaMemcpyKind>(kind), stream));
    return Status::success();
  };
  return settle(enqueue());
}

Status CudaDevice::copy_to_device_async(void* dst, const void* src, std::size_t bytes, int stream) {
  return copy_async(dst, src, bytes, stream, cudaMemcpyHostToDevice);
}
Status CudaDevice::copy_to_host_async(void* dst, const void* src, std::size_t bytes, int stream) {
  return copy_async(dst, src, bytes, stream, cudaMemcpyDeviceToHost);
}

// --- printf ---------------------------------------------------------------------------------------

std::string CudaDevice::take_printf_output() {
  defer(settle(printf_channel_.drain(&printf_text_)));
  return std::exchange(printf_text_, std::string());
}

Status make_device(int index, std::unique_ptr<Device>* out) {
  Message why_none;
  const std::vector<DeviceFacts> gpus = query_devices(&why_none);
  if (gpus.empty()) return Status::error(StatusCode::no_device, message("no CUDA GPU can be used: {}", why_none));
  if (index < 0 || index >= static_cast<int>(gpus.size()))
    return Status::error(StatusCode::no_device, message("there is no GPU {}; this machine has {} (0 to {})", index,
                                                        gpus.size(), gpus.size() - 1));
  return CudaDevice::open(index, out);
}

}  // namespace cuda
}  // namespace cudalab
