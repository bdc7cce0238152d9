#pragma once
// Runs the threads of one block on the calling worker, CUDA-style, with lazy fibers.
//
// Threads run as plain calls, one after another, inside a "starter" fiber on a pooled stack. Only
// when a thread reaches __syncthreads() does the starter's stack become that thread's suspended
// continuation; control returns here and a new starter takes the threads not yet started. So a
// barrier-free kernel costs one fiber per block, and a kernel with barriers one per thread.
// Once every thread has either finished or is waiting, the barrier phase is checked: all waiting
// at the same call site → each is resumed in thread order; anything else is a divergent barrier,
// reported with the block, the threads and the call sites, and the waiting fibers are unwound.
#include <source_location>
#include <vector>

#include <boost/context/fiber.hpp>

#include "cudalab/device.h"
#include "cudalab/emu/context.h"
#include "emu/stack_pool.h"

namespace cudalab::emu {

class BlockRunner {
 public:
  // `context` is the worker's; the runner writes thread_idx and block_state into it.
  explicit BlockRunner(ThreadContext& context);
  BlockRunner(const BlockRunner&) = delete;
  BlockRunner& operator=(const BlockRunner&) = delete;
  ~BlockRunner();

  // Runs every thread of the block at context.block_idx (sizes in context.block_dim). Returns ok,
  // or why the block failed (divergent barrier, trap, exception, no memory for a stack).
  Status run(const EmuInvocation& kernel);

  // Called on the running thread's fiber by syncthreads(): parks it until the phase completes.
  // Returns how many threads of the block arrived with a non-zero predicate.
  int arrive(std::source_location where, int predicate);

  std::size_t stacks_created() const { return stacks_.stacks_created(); }

 private:
  using Fiber = boost::context::fiber;

  void start_remaining_threads();  // the body of a starter fiber
  void run_thread(void (*invoke)(const void*), const void* args);
  void record_fault(const std::string& what);
  void park(Fiber&& suspended);    // keeps the continuation of a thread that reached a barrier
  void release_barrier();          // resumes every waiting thread, in thread order
  Status check_barrier() const;    // ok when all threads wait at one call site
  void abandon_waiters() noexcept; // unwinds the fibers of a block that cannot go on

  ThreadContext& context_;
  StackPool stacks_;
  const EmuInvocation* kernel_ = nullptr;
  unsigned threads_ = 0;         // threads per block
  unsigned next_unstarted_ = 0;  // first thread no fiber has started yet
  unsigned current_ = 0;         // linear id of the thread running now
  unsigned waiting_count_ = 0;   // threads parked at the current barrier phase
  unsigned phase_ = 0;           // barrier phases completed; 0 while threads are still starting
  int predicate_counts_[2] = {0, 0};  // __syncthreads_count per phase parity
  bool stop_ = false;            // a thread faulted: start nothing more, unwind the rest
  Status fault_;
  Fiber scheduler_;              // where a parked thread returns to (this worker's run())
  std::vector<Fiber> waiting_;   // by linear thread id: the continuation of a parked thread
  std::vector<std::source_location> waiting_at_;
};

}  // namespace cudalab::emu
