#include "emu/worker_pool.h"

#include <pthread.h>

#include <algorithm>
#include <string>

#include "emu/block_runner.h"
#include "emu/dynamic_shared_guard.h"
#include "emu/stack_pool.h"

namespace cudalab::emu {

thread_local constinit ThreadContext* tls_context = nullptr;

void LaunchJob::fail(Status status) {
  std::lock_guard lock(failure_mutex);
  if (failure.ok()) failure = std::move(status);
  cancelled.store(true, std::memory_order_relaxed);
}

WorkerPool::WorkerPool(unsigned workers) {
  threads_.reserve(std::max(1u, workers));
  for (unsigned w = 0; w < std::max(1u, workers); ++w) threads_.emplace_back([this, w] { worker_main(w); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  job_ready_.notify_all();
  for (std::thread& thread : threads_) thread.join();
}

void WorkerPool::run(LaunchJob& job) {
  // A block may need one stack per thread: run on as many workers as the stack budget allows
  // (on a 64-core machine, 1024-thread blocks run on 8 workers rather than fail to map stacks).
  const std::uint64_t threads_per_block = std::uint64_t(job.block.x) * job.block.y * job.block.z;
  job.active_workers = static_cast<unsigned>(
      std::clamp<std::uint64_t>(fiber_stack_budget() / std::max<std::uint64_t>(threads_per_block, 1), 1, size()));
  // Chunks of ~1/16 of a worker's share: big enough that the counter is touched rarely, small
  // enough that an uneven grid still spreads over every worker.
  const std::uint64_t share = job.total_blocks / (std::uint64_t(job.active_workers) * 16);
  job.blocks_per_grab = std::clamp<std::uint64_t>(share, 1, 64);
  job.next_block.store(0, std::memory_order_relaxed);
  std::unique_lock lock(mutex_);
  job_ = &job;
  ++job_number_;
  busy_workers_ = size();
  job_ready_.notify_all();
  job_done_.wait(lock, [this] { return busy_workers_ == 0; });
  job_ = nullptr;
}

void WorkerPool::worker_main(unsigned worker) {
  // Named, so that a debugger or `top -H` shows which threads are the emulator's SMs.
  pthread_setname_np(pthread_self(), ("cudalab-emu-" + std::to_string(worker)).substr(0, 15).c_str());
  ThreadContext context;
  context.worker = worker;
  tls_context = &context;
  BlockRunner runner(context);
  std::uint64_t jobs_seen = 0;

  for (;;) {
    LaunchJob* job = nullptr;
    {
      std::unique_lock lock(mutex_);
      job_ready_.wait(lock, [&] { return stopping_ || job_number_ != jobs_seen; });
      if (stopping_) {
        // This thread's memory (its TLS among it) goes back to the C library, which may give it
        // to the next thread: no fenced pages may stay behind.
        fence_dynamic_shared(kDynamicSharedBytes);
        return;
      }
      jobs_seen = job_number_;
      job = job_;
    }

    if (worker >= job->active_workers) {  // sits this launch out (stack budget)
      if (fiber_stacks_mapped() > fiber_stack_budget()) runner.trim_stacks(0);
      std::lock_guard lock(mutex_);
      if (--busy_workers_ == 0) job_done_.notify_one();
      continue;
    }
    fence_dynamic_shared(job->dynamic_shared_bytes);
    context.grid_dim = job->grid;
    context.block_dim = job->block;
    context.kernel_name = job->kernel_name;
    const std::uint64_t blocks_per_layer = std::uint64_t(job->grid.x) * job->grid.y;
    for (;;) {
      const std::uint64_t first = job->next_block.fetch_add(job->blocks_per_grab, std::memory_order_relaxed);
      if (first >= job->total_blocks) break;
      const std::uint64_t end = std::min(first + job->blocks_per_grab, job->total_blocks);
      for (std::uint64_t b = first; b < end && !job->cancelled.load(std::memory_order_relaxed); ++b) {
        context.block_idx = uint3{static_cast<unsigned>(b % job->grid.x),
                                  static_cast<unsigned>((b / job->grid.x) % job->grid.y),
                                  static_cast<unsigned>(b / blocks_per_layer)};
        Status status = runner.run(*job->kernel);
        flush_worker_printf(*job->printf_capture);
        if (!status.ok()) job->fail(std::move(status));
      }
    }

    context.kernel_name = nullptr;  // no kernel runs here now: a crash is not one of its faults
    // Over budget between launches (pools grown by big blocks): give back down to a fair share.
    if (fiber_stacks_mapped() > fiber_stack_budget()) runner.trim_stacks(fiber_stack_budget() / size());
    std::lock_guard lock(mutex_);
    if (--busy_workers_ == 0) job_done_.notify_one();
  }
}

}  // namespace cudalab::emu
