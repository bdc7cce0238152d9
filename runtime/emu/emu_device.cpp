#include "emu/emu_device.h"

#include <pthread.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <utility>

#include <fmt/format.h>

#include "emu/guarded_memory.h"
#include "src/backends.h"
#include "cudalab/message_format.h"
#include "cudalab/emu/context.h"

namespace cudalab {

std::unique_ptr<Device> make_emulator_device(int workers, Message why_no_gpu) {
  return std::make_unique<emu::EmuDevice>(workers, std::move(why_no_gpu));
}

namespace emu {

namespace {
unsigned resolve_workers(int workers) {
  if (workers > 0) return static_cast<unsigned>(workers);
  const unsigned cores = std::thread::hardware_concurrency();
  return cores > 0 ? cores : 1;
}
// Pinned host allocations are aligned like cudaHostAlloc's (256 bytes or more).
constexpr std::size_t kAllocationAlignment = 256;
}  // namespace

EmuDevice::EmuDevice(int workers, Message why_no_gpu) : pool_(resolve_workers(workers)) {
  facts_ = emulator_facts(static_cast<int>(pool_.size()));
  facts_.why_no_gpu = std::move(why_no_gpu);
  queue_thread_ = std::thread([this] {
    pthread_setname_np(pthread_self(), "cudalab-emu-q");
    queue_main();
  });
}

EmuDevice::~EmuDevice() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;  // the queue thread finishes what is queued, then ends
  }
  work_queued_.notify_all();
  queue_thread_.join();
  for (auto& [address, bytes] : allocations_) guarded_release(reinterpret_cast<void*>(address), bytes);
  for (auto& [address, bytes] : pinned_) std::free(reinterpret_cast<void*>(address));
}

// --- memory ---------------------------------------------------------------------------------------

Status EmuDevice::allocate(std::size_t bytes, void** out) {
  *out = nullptr;
  if (bytes == 0) return Status::success();
  std::lock_guard lock(mutex_);
  const std::size_t free_bytes = facts_.global_mem_bytes - allocated_bytes_;
  if (bytes > free_bytes)
    return Status::error(StatusCode::out_of_memory,
                         message("the emulator has {} MiB of device memory free; you asked for {} MiB",
                                 free_bytes >> 20, (bytes + (1 << 20) - 1) >> 20));
  // Not cudaMalloc's 256-byte alignment: the buffer ends at a guard page instead, so that the
  // first byte past its end faults (guarded_memory.h says why the alignment still suffices).
  void* memory = guarded_allocate(bytes);
  if (memory == nullptr)
    return Status::error(StatusCode::out_of_memory, message("the host refused {} bytes for the emulator", bytes));
  allocations_[reinterpret_cast<std::uintptr_t>(memory)] = bytes;
  allocated_bytes_ += bytes;
  *out = memory;
  return Status::success();
}

void EmuDevice::release(void* ptr) noexcept {
  if (ptr == nullptr) return;
  std::unique_lock lock(mutex_);
  wait_for_queue(lock);  // a queued kernel may still use it: cudaFree waits too
  auto it = allocations_.find(reinterpret_cast<std::uintptr_t>(ptr));
  if (it == allocations_.end()) return;
  const std::size_t bytes = it->second;
  allocated_bytes_ -= bytes;
  allocations_.erase(it);
  lock.unlock();
  guarded_release(ptr, bytes);
}

Status EmuDevice::allocate_pinned(std::size_t bytes, void** out) {
  *out = nullptr;
  if (bytes == 0) return Status::success();
  void* memory = std::aligned_alloc(kAllocationAlignment, (bytes + kAllocationAlignment - 1) / kAllocationAlignment * kAllocationAlignment);
  if (memory == nullptr)
    return Status::error(StatusCode::out_of_memory, message("the host refused {} bytes of pinned memory", bytes));
  std::lock_guard lock(mutex_);
  pinned_[reinterpret_cast<std::uintptr_t>(memory)] = bytes;
  *out = memory;
  return Status::success();
}

void EmuDevice::release_pinned(void* ptr) noexcept {
  if (ptr == nullptr) return;
  std::unique_lock lock(mutex_);
  wait_for_queue(lock);
  if (pinned_.erase(reinterpret_cast<std::uintptr_t>(ptr)) == 0) return;
  lock.unlock();
  std::free(ptr);
}

std::size_t EmuDevice::free_memory() const {
  std::lock_guard lock(mutex_);
  return facts_.global_mem_bytes - allocated_bytes_;
}

bool EmuDevice::is_device_range(const void* ptr, std::size_t bytes) const {
  const auto address = reinterpret_cast<std::uintptr_t>(ptr);
  auto it = allocations_.upper_bound(address);
  if (it == allocations_.begin()) return false;
  --it;
  return address + bytes <= it->first + it->second;
}

Status EmuDevice::copy(void* dst, const void* src, std::size_t bytes, bool dst_on_device, bool src_on_device,
                       const char* what) {
  std::unique_lock lock(mutex_);
  wait_for_queue(lock);
  if (Status error = take_pending_error(); !error.ok()) return error;
  if (bytes == 0) return Status::success();
  if (dst == nullptr || src == nullptr)
    return Status::error(StatusCode::invalid_argument, message("{} of {} bytes with a null pointer", what, bytes));
  // As cudaMemcpy refuses a pointer that is not device memory (cudaErrorInvalidValue).
  if ((dst_on_device && !is_device_range(dst, bytes)) || (src_on_device && !is_device_range(src, bytes)))
    return Status::error(
        StatusCode::invalid_argument,
        dst_on_device && !is_device_range(dst, bytes)
            ? message("{} of {} bytes: the destination is not emulator device memory, or the copy runs "
                      "past the end of its allocation",
                      what, bytes)
            : message("{} of {} bytes: the source is not emulator device memory, or the copy runs past "
                      "the end of its allocation",
                      what, bytes));
  std::memmove(dst, src, bytes);
  return Status::success();
}

Status EmuDevice::copy_to_device(void* dst, const void* src, std::size_t bytes) {
  return copy(dst, src, bytes, true, false, "copy to the device");
}
Status EmuDevice::copy_to_host(void* dst, const void* src, std::size_t bytes) {
  return copy(dst, src, bytes, false, true, "copy to the host");
}
Status EmuDevice::copy_device_to_device(void* dst, const void* src, std::size_t bytes) {
  return copy(dst, src, bytes, true, true, "device-to-device copy");
}
Status EmuDevice::fill_zero(void* dst, std::size_t bytes) {
  std::unique_lock lock(mutex_);
  wait_for_queue(lock);
  if (Status error = take_pending_error(); !error.ok()) return error;
  if (bytes == 0) return Status::success();
  if (!is_device_range(dst, bytes))
    return Status::error(StatusCode::invalid_argument,
                         message("fill of {} bytes: the destination is not emulator device memory, or the fill runs "
                                 "past the end of its allocation",
                                 bytes));
  std::memset(dst, 0, bytes);
  return Status::success();
}

// --- execution -----------------------------------------------------------------------------------

Status EmuDevice::launch(const KernelEntry& kernel, const LaunchConfig& config, void** gpu_args,
                         const EmuInvocation& emu) {
  (void)gpu_args;
  if (Status invalid = validate_launch(config, facts_); !invalid.ok()) return invalid;
  if (emu.invoke == nullptr)
    return Status::error(
        StatusCode::invalid_argument,
        message("kernel {} has no emulator body (its kernels_emu.cpp is not linked)", as_is(kernel.name)));
  if (config.dynamic_shared_bytes > kDynamicSharedBytes)
    return Status::error(StatusCode::invalid_config,
                         message("the emulator allows at most {} KiB of dynamic shared memory; you asked for {} bytes",
                                 kDynamicSharedBytes / 1024, config.dynamic_shared_bytes));
  QueuedWork work;
  work.kernel_name = kernel.name;
  work.config = config;
  work.invocation = emu;
  {
    std::lock_guard lock(mutex_);
    work.position = ++enqueued_;
    queue_.push_back(std::move(work));
  }
  work_queued_.notify_one();
  return Status::success();
}

Status EmuDevice::synchronize() {
  std::unique_lock lock(mutex_);
  wait_for_queue(lock);
  return take_pending_error();
}

void EmuDevice::wait_for_queue(std::unique_lock<std::mutex>& lock) {
  const std::uint64_t target = enqueued_;  // the work so far, not what others add meanwhile
  work_done_.wait(lock, [&] { return completed_ >= target; });
}

Status EmuDevice::take_pending_error() {
  Status error = std::move(pending_error_);
  pending_error_ = Status::success();
  return error;
}

void EmuDevice::queue_main() {
  for (;;) {
    QueuedWork work;
    {
      std::unique_lock lock(mutex_);
      work_queued_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and nothing left to run
      work = std::move(queue_.front());
      queue_.pop_front();
    }
    Status failure;
    std::string printed;
    if (work.event) {
      work.event->stamp = std::chrono::steady_clock::now();
    } else {
      run_launch(work, &failure, &printed);
    }
    work.invocation = {};  // the kernel's arguments are no longer needed
    {
      std::lock_guard lock(mutex_);
      printf_output_ += printed;
      if (!failure.ok() && pending_error_.ok()) pending_error_ = std::move(failure);
      completed_ = work.position;
    }
    work_done_.notify_all();
  }
}

void EmuDevice::run_launch(const QueuedWork& work, Status* failure, std::string* printed) {
  PrintfCapture capture;
  LaunchJob job;
  job.kernel = &work.invocation;
  job.kernel_name = work.kernel_name.c_str();
  job.dynamic_shared_bytes = work.config.dynamic_shared_bytes;
  job.grid = dim3(work.config.grid.x, work.config.grid.y, work.config.grid.z);
  job.block = dim3(work.config.block.x, work.config.block.y, work.config.block.z);
  job.total_blocks = work.config.grid.volume();
  job.printf_capture = &capture;
  pool_.run(job);
  *printed = capture.take();
  if (!job.failure.ok()) {
    *failure = std::move(job.failure);
    failure->reword(
        message("kernel {}: {}", as_is(work.kernel_name + work.config.str()), failure->words_or_text()));
    if (failure->expression.empty()) failure->expression = work.kernel_name + work.config.str();
  }
}

// --- timing and printf ---------------------------------------------------------------------------

std::shared_ptr<Event> EmuDevice::record_event() {
  auto event = std::make_shared<EmuEvent>();
  QueuedWork work;
  work.event = event;
  {
    std::lock_guard lock(mutex_);
    work.position = event->position = ++enqueued_;
    queue_.push_back(std::move(work));
  }
  work_queued_.notify_one();
  return event;
}

double EmuDevice::elapsed_ms(const Event& start, const Event& end) {
  const auto* first = dynamic_cast<const EmuEvent*>(&start);
  const auto* last = dynamic_cast<const EmuEvent*>(&end);
  if (first == nullptr || last == nullptr) return std::numeric_limits<double>::quiet_NaN();
  std::unique_lock lock(mutex_);
  // The contract says "synchronize first"; waiting here instead costs nothing and cannot be wrong.
  const std::uint64_t target = std::max(first->position, last->position);
  work_done_.wait(lock, [&] { return completed_ >= target; });
  return std::chrono::duration<double, std::milli>(last->stamp - first->stamp).count();
}

std::string EmuDevice::take_printf_output() {
  std::lock_guard lock(mutex_);
  return std::exchange(printf_output_, std::string());
}

std::uint64_t clock_ns() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count());
}

}  // namespace emu
}  // namespace cudalab
