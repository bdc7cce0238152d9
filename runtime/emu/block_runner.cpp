#include "emu/block_runner.h"

#include <exception>
#include <new>
#include <string>
#include <typeinfo>

#include <fmt/format.h>

#include "emu/barrier_report.h"

namespace cudalab::emu {

namespace {
// Thrown by trap() and assert_fail(): unwinds the faulting emulated thread to its block runner.
struct KernelFault {
  std::string what;
};
}  // namespace

void syncthreads(std::source_location where) {
  static_cast<BlockRunner*>(tls_context->block_state)->arrive(where, 0);
}

int syncthreads_count(std::source_location where, int predicate) {
  return static_cast<BlockRunner*>(tls_context->block_state)->arrive(where, predicate);
}

void trap(const char* why) { throw KernelFault{why}; }

void assert_fail(const char* expression, const char* file, unsigned line) {
  const char* slash = std::strrchr(file, '/');
  throw KernelFault{fmt::format("assertion `{}` failed ({}:{})", expression, slash ? slash + 1 : file, line)};
}

BlockRunner::BlockRunner(ThreadContext& context) : context_(context) { context_.block_state = this; }

// Fibers hold stacks from stacks_: they must be gone before it is.
BlockRunner::~BlockRunner() { abandon_waiters(); }

Status BlockRunner::run(const EmuInvocation& kernel) {
  kernel_ = &kernel;
  const dim3 block = context_.block_dim;
  threads_ = block.x * block.y * block.z;
  if (waiting_.size() < threads_) {
    waiting_.resize(threads_);
    waiting_at_.resize(threads_);
  }
  next_unstarted_ = 0;
  waiting_count_ = 0;
  phase_ = 0;
  predicate_counts_[0] = predicate_counts_[1] = 0;
  stop_ = false;
  fault_ = Status::success();

  try {
    // Start phase: each starter runs threads until one of them parks at a barrier.
    while (next_unstarted_ < threads_ && !stop_) {
      Fiber starter(std::allocator_arg, PooledStack{&stacks_}, [this](Fiber&& scheduler) {
        scheduler_ = std::move(scheduler);
        start_remaining_threads();
        return std::move(scheduler_);
      });
      park(std::move(starter).resume());
    }
    // Every thread has finished or waits: complete barrier phases until none waits.
    while (!stop_ && waiting_count_ > 0) {
      if (Status divergent = check_barrier(); !divergent.ok()) {
        abandon_waiters();
        return divergent;
      }
      release_barrier();
    }
  } catch (const std::bad_alloc&) {
    abandon_waiters();
    return Status::error(StatusCode::out_of_memory,
                         fmt::format("block {}: the emulator could not map a stack for one more fiber ({} so far)",
                                     coordinates(context_.block_idx), stacks_.stacks_created()));
  }
  if (stop_) abandon_waiters();
  return fault_;
}

void BlockRunner::start_remaining_threads() {
  const dim3 block = context_.block_dim;
  const auto invoke = kernel_->invoke;
  const void* args = kernel_->args.get();
  unsigned id = next_unstarted_;
  uint3 index{id % block.x, (id / block.x) % block.y, id / (block.x * block.y)};
  while (id < threads_) {
    next_unstarted_ = id + 1;
    current_ = id;
    context_.thread_idx = index;
    run_thread(invoke, args);
    // phase_ != 0: this thread was parked and resumed after a barrier; the threads after it were
    // started by another starter meanwhile, so this fiber's work is done.
    if (phase_ != 0 || stop_) return;
    ++id;
    if (++index.x == block.x) {
      index.x = 0;
      if (++index.y == block.y) {
        index.y = 0;
        ++index.z;
      }
    }
  }
}

void BlockRunner::run_thread(void (*invoke)(const void*), const void* args) {
  try {
    invoke(args);
  } catch (const boost::context::detail::forced_unwind&) {
    throw;  // an abandoned fiber being unwound: let Boost finish it
  } catch (const KernelFault& fault) {
    record_fault(fault.what);
  } catch (const std::exception& error) {
    record_fault(fmt::format("threw {}: {}", typeid(error).name(), error.what()));
  } catch (...) {
    record_fault("threw an exception that is not a std::exception");
  }
}

void BlockRunner::record_fault(const std::string& what) {
  stop_ = true;
  fault_ = Status::error(StatusCode::kernel_fault, fmt::format("thread {} of block {}: {}", coordinates(context_.thread_idx),
                                                               coordinates(context_.block_idx), what));
}

int BlockRunner::arrive(std::source_location where, int predicate) {
  const unsigned parity = phase_ & 1;
  waiting_at_[current_] = where;
  ++waiting_count_;
  predicate_counts_[parity] += predicate != 0;
  // Back to run(); we come back here when the phase is released (or unwind, when abandoned).
  scheduler_ = std::move(scheduler_).resume();
  return predicate_counts_[parity];
}

void BlockRunner::park(Fiber&& suspended) {
  if (suspended) waiting_[current_] = std::move(suspended);
}

void BlockRunner::release_barrier() {
  waiting_count_ = 0;
  ++phase_;
  // The other parity still holds the counts the released threads are about to read.
  predicate_counts_[phase_ & 1] = 0;
  const dim3 block = context_.block_dim;
  uint3 index{0, 0, 0};
  for (unsigned id = 0; id < threads_; ++id) {
    current_ = id;
    context_.thread_idx = index;
    park(std::move(waiting_[id]).resume());
    if (stop_) return;
    if (++index.x == block.x) {
      index.x = 0;
      if (++index.y == block.y) {
        index.y = 0;
        ++index.z;
      }
    }
  }
}

Status BlockRunner::check_barrier() const {
  bool one_site = waiting_count_ == threads_;
  for (unsigned id = 1; one_site && id < threads_; ++id) one_site = same_site(waiting_at_[id], waiting_at_[0]);
  if (one_site) return Status::success();

  std::vector<ThreadAtBarrier> threads(threads_);
  unsigned first_waiting = threads_;
  for (unsigned id = 0; id < threads_; ++id) {
    threads[id].waiting = static_cast<bool>(waiting_[id]);
    if (threads[id].waiting) {
      threads[id].where = waiting_at_[id];
      if (first_waiting == threads_) first_waiting = id;
    }
  }
  Status status = Status::error(StatusCode::divergent_barrier,
                                describe_divergent_barrier(context_.block_idx, context_.block_dim, threads));
  const std::source_location& site = waiting_at_[first_waiting];
  status.at("__syncthreads()", site.file_name(), static_cast<int>(site.line()));
  return status;
}

void BlockRunner::abandon_waiters() noexcept {
  // Destroying a suspended fiber unwinds its stack (Boost throws forced_unwind inside it), so the
  // kernel's locals are destroyed and the stack goes back to the pool. ~1 µs each: error path only.
  for (Fiber& fiber : waiting_) {
    if (fiber) fiber = Fiber();
  }
  waiting_count_ = 0;
}

}  // namespace cudalab::emu
