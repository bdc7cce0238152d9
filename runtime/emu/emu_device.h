#pragma once
// The CPU emulator as a Device. Work runs on an in-order queue, like a CUDA stream: launch()
// returns at once, a queue thread hands each launch to the worker pool, synchronize() waits and
// returns the first error. Copies, fills and frees wait for queued work first, like cudaMemcpy
// and cudaFree on the default stream; an error of queued work is reported once, by the first call
// that waits for it (synchronize or a copy), and then cleared, so the device stays usable.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <map>

#include "cudalab/device.h"
#include "emu/kernel_printf.h"
#include "emu/worker_pool.h"

namespace cudalab::emu {

// An event is a queue position and, once the queue passes it, a steady-clock stamp.
class EmuEvent final : public Event {
 public:
  std::uint64_t position = 0;  // the queue item that stamps it
  std::chrono::steady_clock::time_point stamp;
};

class EmuDevice final : public Device {
 public:
  EmuDevice(int workers, Message why_no_gpu);
  ~EmuDevice() override;

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

  std::shared_ptr<Event> record_event() override;
  double elapsed_ms(const Event& start, const Event& end) override;
  TimingSource timing_source() const override { return TimingSource::emulator_clock; }

  std::string take_printf_output() override;

 private:
  struct QueuedWork {
    std::uint64_t position = 0;
    // A launch...
    std::string kernel_name;
    LaunchConfig config;
    EmuInvocation invocation;
    // ...or an event to stamp.
    std::shared_ptr<EmuEvent> event;
  };

  void queue_main();
  void run_launch(const QueuedWork& work, Status* failure, std::string* printed);
  // These three expect mutex_ held (wait_for_queue through `lock`, which it may release).
  void wait_for_queue(std::unique_lock<std::mutex>& lock);  // until the work queued so far is done
  Status take_pending_error();
  bool is_device_range(const void* ptr, std::size_t bytes) const;
  // Waits for queued work, reports its error if any, then copies.
  Status copy(void* dst, const void* src, std::size_t bytes, bool dst_on_device, bool src_on_device, const char* what);

  WorkerPool pool_;

  mutable std::mutex mutex_;
  std::condition_variable work_queued_;
  std::condition_variable work_done_;
  std::deque<QueuedWork> queue_;
  std::uint64_t enqueued_ = 0;   // positions handed out
  std::uint64_t completed_ = 0;  // positions finished, in order
  bool stopping_ = false;
  Status pending_error_;         // first error of queued work not yet reported
  std::string printf_output_;
  std::map<std::uintptr_t, std::size_t> allocations_;  // device memory: address -> bytes (ordered: range checks)
  std::map<std::uintptr_t, std::size_t> pinned_;
  std::size_t allocated_bytes_ = 0;
  std::thread queue_thread_;     // last: started once everything above exists
};

}  // namespace cudalab::emu
