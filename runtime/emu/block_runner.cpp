#include "emu/block_runner.h"

#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <typeinfo>
#include <utility>

#include <fmt/format.h>

#include "emu/barrier_report.h"

namespace cudalab::emu {

namespace {
// Thrown by trap() and assert_fail(): unwinds the faulting emulated thread to its block runner.
struct KernelFault {
  std::string what;
};
// Thrown inside a parked fiber that the runner abandons: unwinds the kernel's frames (their
// destructors run) down to starter_entry, which hands the stack back.
struct AbandonFiber {};

void advance(uint3& index, const dim3& block) {
  if (++index.x == block.x) {
    index.x = 0;
    if (++index.y == block.y) {
      index.y = 0;
      ++index.z;
    }
  }
}
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
  mixed_sites_ = false;
  phase_ = 0;
  predicate_counts_[0] = predicate_counts_[1] = 0;
  stop_ = false;
  fault_ = Status::success();

  // Start phase: the first starter runs threads until one parks; the chain of starters it begins
  // comes back here once every thread has been started.
  try {
    const FiberStack stack = stacks_.allocate();
    enter(Fiber{make_fiber_context(stack.top, stack.size, &starter_entry), stack}, Handoff{Handoff::from_run});
  } catch (const std::bad_alloc&) {
    return Status::error(StatusCode::out_of_memory, "the emulator could not map a fiber stack");
  }
  // Every thread has finished or waits: complete barrier phases until none waits.
  while (!stop_ && waiting_count_ > 0) {
    if (Status divergent = check_barrier(); !divergent.ok()) {
      abandon_waiters();
      return divergent;
    }
    waiting_count_ = 0;
    mixed_sites_ = false;
    ++phase_;
    // The other parity still holds the counts the released threads are about to read.
    predicate_counts_[phase_ & 1] = 0;
    current_ = 0;
    context_.thread_idx = uint3{0, 0, 0};
    enter(std::exchange(waiting_[0], Fiber{}), Handoff{Handoff::from_run});
  }
  if (stop_) abandon_waiters();
  return fault_;
}

void BlockRunner::enter(Fiber fiber, const Handoff& message) {
  running_stack_ = fiber.stack;
  record_sender(jump_to_fiber(fiber.context, const_cast<Handoff*>(&message), bounds(fiber.stack)));
}

void BlockRunner::starter_entry(FiberTransfer from) {
  const StackBounds started_from = fiber_started();
  auto* runner = static_cast<BlockRunner*>(tls_context->block_state);
  if (static_cast<const Handoff*>(from.data)->kind == Handoff::from_run) runner->scheduler_stack_ = started_from;
  runner->record_sender(from);
  try {
    runner->start_remaining_threads();
  } catch (const AbandonFiber&) {
    // unwound on purpose: nothing more to run
  }
  runner->switch_away(Handoff::finished);
  __builtin_unreachable();  // nobody resumes an ended fiber
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
    // started by other starters meanwhile, so this fiber's work is done.
    if (phase_ != 0 || stop_) return;
    ++id;
    advance(index, block);
  }
}

void BlockRunner::run_thread(void (*invoke)(const void*), const void* args) {
  try {
    invoke(args);
  } catch (const AbandonFiber&) {
    throw;  // an abandoned fiber being unwound: let starter_entry finish it
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
  if (waiting_count_ == 0) {
    first_site_ = where;
  } else if (!same_site(where, first_site_)) {
    mixed_sites_ = true;
  }
  ++waiting_count_;
  predicate_counts_[parity] += predicate != 0;
  switch_away(Handoff::parked);
  // Resumed: the phase is complete.
  return predicate_counts_[parity];
}

void BlockRunner::switch_away(Handoff::Kind kind) {
  handoff_ = Handoff{kind, current_, running_stack_};
  FiberContext target = scheduler_;
  StackBounds target_stack = scheduler_stack_;
  if (!stop_ && !abandoning_) {
    if (phase_ == 0) {
      if (next_unstarted_ < threads_) target = new_starter();
    } else if (current_ + 1 < threads_) {
      target = next_waiter();  // releasing a phase: every thread after this one is parked
    }
    if (target != scheduler_) target_stack = bounds(running_stack_);
  }
  record_sender(jump_to_fiber(target, &handoff_, target_stack, kind == Handoff::finished));
}

FiberContext BlockRunner::new_starter() {
  try {
    running_stack_ = stacks_.allocate();
  } catch (const std::bad_alloc&) {
    stop_ = true;
    fault_ = Status::error(StatusCode::out_of_memory,
                           fmt::format("block {}: the emulator could not map a stack for one more fiber ({} so far)",
                                       coordinates(context_.block_idx), stacks_.stacks_created()));
    return scheduler_;
  }
  return make_fiber_context(running_stack_.top, running_stack_.size, &starter_entry);
}

FiberContext BlockRunner::next_waiter() {
  ++current_;
  advance(context_.thread_idx, context_.block_dim);
  // Member by member: copying the Fiber through a temporary stalled on store forwarding.
  Fiber& next = waiting_[current_];
  running_stack_ = next.stack;
  // The parked frames of hundreds of threads do not fit in L1: fetch the next one's while this
  // one runs (its saved registers and the kernel frames right above them).
  if (current_ + 1 < threads_) {
    const char* frames = static_cast<const char*>(waiting_[current_ + 1].context);
    for (int line = 0; line < 4; ++line) __builtin_prefetch(frames + 64 * line);
  }
  return std::exchange(next.context, nullptr);
}

void BlockRunner::record_sender(FiberTransfer back) {
  const auto* message = static_cast<const Handoff*>(back.data);
  switch (message->kind) {
    case Handoff::from_run:
      scheduler_ = back.fctx;
      break;
    case Handoff::abandon:
      scheduler_ = back.fctx;
      throw AbandonFiber{};
    case Handoff::parked:
      waiting_[message->thread] = Fiber{back.fctx, message->stack};
      break;
    case Handoff::finished:
      stacks_.release(message->stack);  // its fiber has jumped off it for good
      break;
  }
}

Status BlockRunner::check_barrier() const {
  if (waiting_count_ == threads_ && !mixed_sites_) return Status::success();

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
  // Each parked fiber is resumed once more with an order to unwind: its kernel frames are
  // destroyed and it ends, handing its stack back (~1 µs each: error path only).
  abandoning_ = true;
  for (unsigned id = 0; id < waiting_.size(); ++id) {
    if (waiting_[id]) {
      current_ = id;
      enter(std::exchange(waiting_[id], Fiber{}), Handoff{Handoff::abandon});
    }
  }
  abandoning_ = false;
  waiting_count_ = 0;
}

}  // namespace cudalab::emu
