#pragma once
// Persistent worker threads (one per core by default) that run the blocks of one launch at a
// time. Blocks are handed out in chunks from a counter on its own cache line: with a shared line,
// false sharing made two workers slower than one (measured when the pool was written). A block never leaves the worker
// that started it, because its __shared__ arrays are that worker's thread_locals.
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "cudalab/device.h"
#include "cudalab/emu/context.h"
#include "emu/kernel_printf.h"

namespace cudalab::emu {

// One launch, as the workers see it.
struct LaunchJob {
  const EmuInvocation* kernel = nullptr;
  const char* kernel_name = "";
  std::size_t dynamic_shared_bytes = 0;  // what the launch asked for (dynamic_shared_guard.h)
  dim3 grid;
  dim3 block;
  std::uint64_t total_blocks = 0;
  std::uint64_t blocks_per_grab = 1;
  unsigned active_workers = 1;  // workers 0..active_workers-1 run blocks (fiber_stack_budget)
  PrintfCapture* printf_capture = nullptr;

  alignas(64) std::atomic<std::uint64_t> next_block{0};
  alignas(64) std::atomic<bool> cancelled{false};  // a block failed: start no more
  std::mutex failure_mutex;
  Status failure;  // the first block failure

  void fail(Status status);
};

class WorkerPool {
 public:
  explicit WorkerPool(unsigned workers);
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  ~WorkerPool();

  unsigned size() const { return static_cast<unsigned>(threads_.size()); }
  // Runs every block of `job` (sets its hand-out fields); returns when all workers are done.
  // One job at a time: the device's queue thread is the only caller.
  void run(LaunchJob& job);

 private:
  void worker_main(unsigned worker);

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable job_ready_;
  std::condition_variable job_done_;
  LaunchJob* job_ = nullptr;
  std::uint64_t job_number_ = 0;  // bumped per job: a worker runs each job once
  unsigned busy_workers_ = 0;
  bool stopping_ = false;
};

}  // namespace cudalab::emu
