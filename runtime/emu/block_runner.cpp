#include "emu/block_runner.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <typeinfo>
#include <utility>

#include <fmt/format.h>

#include "emu/warp_report.h"
#include "cudalab/message_format.h"

namespace cudalab::emu {

namespace {
// Thrown by trap() and assert_fail(): unwinds the faulting emulated thread to its block runner.
struct KernelFault {
  Message what;
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

// The worker's runner, for the waits: one %fs-relative load, where tls_context->block_state is two
// dependent ones at the start of every wait.
thread_local constinit BlockRunner* tls_runner = nullptr;
}  // namespace

// The kernel-facing entries (context.h, warp_call.h) are sync_entries.cpp's; they come here.
extern "C" void cudalab_emu_syncthreads_impl(std::source_location where) { tls_runner->arrive<false>(where, 0); }
extern "C" int cudalab_emu_syncthreads_count_impl(std::source_location where, int predicate) {
  return tls_runner->arrive<true>(where, predicate);
}
extern "C" std::uint64_t cudalab_emu_warp_meet_impl(WarpOp op, std::uint32_t mask, std::uint64_t value, int lane_arg,
                                                    int width, std::source_location where) {
  return tls_runner->warp_arrive(WarpCall{op, mask, value, lane_arg, width, where});
}

SyncPoint sync_point() { return static_cast<BlockRunner*>(tls_context->block_state)->sync_point(); }

void trap(const char* why) { throw KernelFault{Message::text(why)}; }

void assert_fail(const char* expression, const char* file, unsigned line) {
  const char* slash = std::strrchr(file, '/');
  throw KernelFault{message("assertion `{}` failed ({}:{})", as_is(expression), as_is(slash ? slash + 1 : file), line)};
}

// Made on its worker thread (worker_pool.cpp), which it never leaves.
BlockRunner::BlockRunner(ThreadContext& context) : context_(context) {
  context_.block_state = this;
  tls_runner = this;
}

// Fibers hold stacks from stacks_: they must be gone before it is.
BlockRunner::~BlockRunner() {
  abandon_waiters();
  tls_runner = nullptr;
}

Status BlockRunner::run(const EmuInvocation& kernel) {
  kernel_ = &kernel;
  const dim3 block = context_.block_dim;
  threads_ = block.x * block.y * block.z;
  if (waiting_.size() < threads_) {
    waiting_.resize(threads_);
    waiting_at_.resize(threads_);
  }
  returned_.assign((threads_ + kWarpSize - 1) / kWarpSize * kWarpSize, 0);
  next_unstarted_ = 0;
  next_unstarted_index_ = uint3{0, 0, 0};
  waiting_count_ = 0;
  mixed_sites_ = false;
  phase_ = 0;
  sync_epoch_ = 0;
  ++block_run_serial_;
  predicate_counts_[0] = predicate_counts_[1] = 0;
  stop_ = false;  // fault_ holds the block's failure once stop_ is set, and is read only then
  enter_warp(0);

  // Start phase: the first starter runs threads until one parks; the chain of starters and
  // resumed threads it begins comes back here once every warp is done (or the block failed).
  try {
    running_stack_ = stacks_.allocate();
  } catch (const std::bad_alloc&) {
    return Status::error(StatusCode::out_of_memory, message("the emulator could not map a fiber stack"));
  }
  start_fiber(&scheduler_, running_stack_->top, running_stack_->size, &starter_entry);
  // Every thread has finished or waits at a barrier: complete barrier phases until none waits.
  while (!stop_ && waiting_count_ > 0) {
    if (Status divergent = check_barrier(); !divergent.ok()) {
      abandon_waiters();
      return divergent;
    }
    waiting_count_ = 0;
    mixed_sites_ = false;
    ++phase_;
    ++sync_epoch_;
    // The other parity still holds the counts the released threads are about to read.
    predicate_counts_[phase_ & 1] = 0;
    enter_warp(0);
    if (next_step(0) != Next::resume) break;  // cannot happen: some thread waited
    const FiberContext first = take_waiter(resume_, true);
    enter(Fiber{first, running_stack_});
  }
  if (!stop_) return Status::success();
  abandon_waiters();
  return std::move(fault_);  // moved out, not copied: a Status is four strings and a Message
}

void BlockRunner::enter(Fiber fiber) {
  running_stack_ = fiber.stack;
  switch_fiber(&scheduler_, fiber.context, bounds(fiber.stack));
}

void BlockRunner::starter_entry(FiberTransfer from) {
  const StackBounds started_from = fiber_started();
  fiber_entered(from);
  auto* runner = static_cast<BlockRunner*>(tls_context->block_state);
  if (from.data == &runner->scheduler_) runner->scheduler_stack_ = started_from;  // started by run()
  try {
    runner->start_remaining_threads();  // ends the fiber itself
  } catch (const AbandonFiber&) {
    // unwound on purpose: back to run() (stop_ is set), nothing more to run
  }
  runner->switch_away(Leaving::finished, Next::to_run);
  __builtin_unreachable();  // nobody resumes an ended fiber
}

void BlockRunner::start_remaining_threads() {
  // What a thread that does not wait costs is this loop. Its state lives in registers, and what it
  // writes for others is plain stores: a read-modify-write of the same word by every thread (a
  // bit in a warp's mask, threadIdx.x + 1) waited for the previous thread's store each time (an
  // empty thread measured 3.33 -> 3.15 ns, one worker). Its head is aligned: runtime/CMakeLists.txt.
  ThreadContext& context = context_;
  const dim3 block = context.block_dim;
  const auto invoke = kernel_->invoke;
  const void* args = kernel_->args.get();
  std::uint8_t* const returned = returned_.data();  // run() sized it for the block
  unsigned id = next_unstarted_;
  uint3 index = next_unstarted_index_;  // set by whoever made this starter
  for (;;) {
    current_ = id;
    next_unstarted_ = id + 1;
    context.thread_idx = index;
    run_thread(invoke, args);
    // Returned (perhaps after parking and being resumed on this fiber): this fiber is free, and
    // runs the next thread itself when that is a thread not started yet. Warps start at multiples
    // of 32, and the thread's own warp is the current one.
    returned[id] = 1;
    if (stop_ || next_unstarted_ >= warp_end_) {
      // The fiber ends here rather than back in starter_entry: that return went to a frame last
      // touched when the fiber started, and the CPU mispredicted it (a thread of a one-barrier
      // kernel measured 55 -> 49.5 ns, 256-thread blocks, best of 80 launches).
      if (const Next next = next_step(id % kWarpSize + 1); next != Next::start) {
        switch_away(Leaving::finished, next);
        __builtin_unreachable();  // nobody resumes an ended fiber
      }
    }
    // Other starters ran meanwhile (this thread waited): take their count on. Otherwise the next
    // thread's index is this one's moved on by one (a resumed thread's index is its own again).
    if (next_unstarted_ != id + 1) [[unlikely]] {
      id = next_unstarted_;
      index = index_of(id);
    } else {
      ++id;
      advance(index, block);
    }
  }
}

std::uint32_t BlockRunner::returned_lanes(unsigned warp) const {
  const std::uint8_t* flags = returned_.data() + warp * kWarpSize;
  std::uint32_t lanes = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) lanes |= std::uint32_t{flags[lane]} << lane;
  return lanes;
}

void BlockRunner::run_thread(void (*invoke)(const void*), const void* args) {
  try {
    invoke(args);
  } catch (...) {
    record_fault();
  }
}

void BlockRunner::record_fault() {
  try {
    throw;
  } catch (const AbandonFiber&) {
    throw;  // an abandoned fiber being unwound: let starter_entry finish it
  } catch (const KernelFault& fault) {
    record_fault(fault.what);
  } catch (const std::exception& error) {
    record_fault(message("threw {}: {}", as_is(typeid(error).name()), as_is(error.what())));
  } catch (...) {
    record_fault(message("threw an exception that is not a std::exception"));
  }
}

template <bool counting>
int BlockRunner::arrive(std::source_location where, int predicate) {
  const unsigned parity = phase_ & 1;
  waiting_at_[current_] = where;
  if (waiting_count_ == 0) {
    first_site_ = where;
  } else if (!same_site(where, first_site_)) {
    mixed_sites_ = true;
  }
  ++waiting_count_;
  if constexpr (counting) predicate_counts_[parity] += predicate != 0;
  const unsigned lane = current_ - warp_base_;
  switch_away(Leaving::parked, next_step(lane + 1));
  // Resumed: the phase is complete.
  return counting ? predicate_counts_[parity] : 0;
}

std::uint64_t BlockRunner::warp_arrive(const WarpCall& call) {
  const unsigned lane = current_ - warp_base_;
  if (const char* why = meetings_.misuse(lane, call)) [[unlikely]]
    end_on_misuse(lane, call.op, call.mask, call.where, why);
  std::uint32_t released = 0;
  if (meetings_.arrive(lane, call, &released)) {
    ++sync_epoch_;  // the meeting orders its lanes' accesses (sync_epoch.h)
    ready_ |= released;  // this lane completed the meeting: it goes on, the others may resume
    return meetings_.result(lane);
  }
  const Next next = next_step(lane + 1);
  // An __activemask() that no other lane can join any more: it closed with this lane still here.
  if (next == Next::resume && resume_ == current_) {
    ready_ &= ~lane_bit(lane);
    return meetings_.result(lane);
  }
  switch_away(Leaving::parked, next, false);
  return meetings_.result(lane);
}

void BlockRunner::end_on_misuse(unsigned lane, WarpOp op, std::uint32_t mask, std::source_location where,
                                const char* why) {
  const WarpCall call{op, mask, 0, 0, kWarpSize, where};  // what the report names: no operands
  Status status = Status::error(StatusCode::divergent_barrier,
                                describe_warp_misuse(context_.block_idx, warp_base_ / kWarpSize, lane, call, why,
                                                     meetings_.existing()));
  status.at(warp_op_name(call.op), call.where.file_name(), static_cast<int>(call.where.line()));
  fail(std::move(status));
  switch_away(Leaving::parked, Next::to_run);  // resumed only to be unwound
}

BlockRunner::Next BlockRunner::next_step_slow(unsigned first_lane) {
  for (;;) {
    if (stop_) return Next::to_run;
    if (next_unstarted_ < warp_end_) return Next::start;
    if (ready_ != 0) return resume_ready(first_lane);
    // No lane of this warp can run.
    if (meetings_.open_activemasks() != 0) {
      ready_ = meetings_.close_activemasks();
      first_lane = 0;
      continue;
    }
    if (meetings_.open() != 0) {
      report_stuck_warp();
      return Next::to_run;
    }
    if (warp_end_ >= threads_) return Next::to_run;  // every warp is done: run() ends the phase
    enter_warp(warp_end_ / kWarpSize);
    first_lane = 0;
  }
}

void BlockRunner::enter_warp(unsigned warp) {
  warp_base_ = warp * kWarpSize;
  warp_end_ = std::min(warp_base_ + kWarpSize, threads_);
  const unsigned lanes = warp_end_ - warp_base_;
  const std::uint32_t existing = lanes == kWarpSize ? ~std::uint32_t{0} : lane_bit(lanes) - 1;
  // Lanes of a warp not started yet wait for a starter; after a barrier, every lane that has not
  // returned waits there.
  ready_ = next_unstarted_ > warp_base_ ? existing & ~returned_lanes(warp) : 0;
  meetings_.reset(existing);
}

void BlockRunner::switch_away(Leaving leaving, Next next, bool frames_cold) {
  FiberContext* save = &discarded_;
  if (leaving == Leaving::parked) {
    Fiber& me = waiting_[current_];
    me.stack = running_stack_;
    save = &me.context;
  } else {
    // Back to the pool before the switch is over: what runs next never starts a fiber before
    // this one has left (a starter whose thread returned runs the next new thread itself).
    stacks_.release(running_stack_);
  }
  FiberContext target = scheduler_;
  StackBounds target_stack = scheduler_stack_;
  if (!stop_) {  // (set while abandon_waiters() unwinds, too: everything goes straight back to run())
    if (next == Next::start) {
      if (prepare_starter()) {
        // The new fiber's first frames (starter, kernel, the wait) go on a stack last used a block
        // ago: ask for its top lines now, for writing, rather than one by one as the calls reach
        // them (a thread's first wait measured ~77 -> ~75 ns median, 62.9 -> 58.7 at best).
        char* top = static_cast<char*>(running_stack_->top);
        for (int line = 1; line <= 10; ++line) __builtin_prefetch(top - 64 * line, 1);
        start_fiber(save, running_stack_->top, running_stack_->size, &starter_entry);
        if (abandoning_) [[unlikely]] throw AbandonFiber{};
        return;
      }
    } else if (next == Next::resume) {
      target = take_waiter(resume_, frames_cold);
    }
    if (target != scheduler_) target_stack = bounds(running_stack_);
  }
  switch_fiber(save, target, target_stack, leaving == Leaving::finished);
  if (abandoning_) [[unlikely]] throw AbandonFiber{};  // resumed by abandon_waiters()
}

bool BlockRunner::prepare_starter() {
  // The thread it starts: usually the one after the thread that is parking now.
  if (next_unstarted_ == current_ + 1) {
    next_unstarted_index_ = context_.thread_idx;
    advance(next_unstarted_index_, context_.block_dim);
  } else {
    next_unstarted_index_ = index_of(next_unstarted_);
  }
  try {
    running_stack_ = stacks_.allocate();
  } catch (const std::bad_alloc&) {
    stop_ = true;
    fault_ = Status::error(StatusCode::out_of_memory,
                           message("block {}: the emulator could not map a stack for one more fiber ({} so far)",
                                   as_is(coordinates(context_.block_idx)), stacks_.stacks_created()));
    return false;
  }
  return true;
}

FiberContext BlockRunner::take_waiter(unsigned id, bool prefetch_next) {
  if (id == current_ + 1) [[likely]] {
    advance(context_.thread_idx, context_.block_dim);
  } else {
    context_.thread_idx = index_of(id);
  }
  current_ = id;
  const std::uint32_t lane = lane_bit(id - warp_base_);
  ready_ &= ~lane;
  // Member by member: copying the Fiber through a temporary stalled on store forwarding.
  Fiber& next = waiting_[id];
  running_stack_ = next.stack;
  // The parked frames of hundreds of threads do not fit in L1: fetch the next one's while this
  // one runs (its saved registers and the kernel frames right above them). Not for lanes leaving
  // a warp meeting: a warp's 32 frames stay in L1 from one meeting to the next, and the prefetch
  // only cost time there (a shuffle measured 19.2 -> 15.2 ns per thread without it, best of 7).
  // The next one is the next lane: a barrier phase resumes a warp's lanes in order.
  if (prefetch_next && (ready_ & (lane << 1)) != 0) {
    const char* context = static_cast<const char*>(waiting_[id + 1].context);
    __builtin_prefetch(context);
    for (int line = 0; line < 3; ++line) __builtin_prefetch(context + kParkedContextBytes + 64 * line);
  }
  return std::exchange(next.context, nullptr);
}

uint3 BlockRunner::index_of(unsigned id) const {
  const dim3 block = context_.block_dim;
  return uint3{id % block.x, (id / block.x) % block.y, id / (block.x * block.y)};
}

void BlockRunner::abandon_waiters() noexcept {
  // Each parked fiber is resumed once more with an order to unwind: its kernel frames are
  // destroyed and it ends, handing its stack back (~1 µs each: error path only).
  abandoning_ = true;
  stop_ = true;  // an unwound thread's fiber ends by going back here, whatever it had decided to run next
  for (unsigned id = 0; id < waiting_.size(); ++id) {
    if (waiting_[id]) {
      current_ = id;
      context_.thread_idx = index_of(id);
      enter(std::exchange(waiting_[id], Fiber{}));  // it sees abandoning_ and unwinds
    }
  }
  abandoning_ = false;
  waiting_count_ = 0;
}

}  // namespace cudalab::emu
