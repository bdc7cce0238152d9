#pragma once
// Runs the threads of one block on the calling worker, CUDA-style, with lazy fibers.
//
// Threads run as plain calls, one after another, inside a "starter" fiber on a pooled stack. Only
// when a thread has to wait (at __syncthreads() or a warp intrinsic) does the starter's stack
// become that thread's parked continuation, and a new starter takes the threads not yet started.
// So a kernel without barriers or warp intrinsics costs one fiber per block, and one with them a
// fiber per thread.
//
// The block runs warp by warp (lanes 0-31 = threads 0-31 in linear order, then 32-63...). Inside
// the current warp, a lane that waits hands over to the next lane that can run: the next one not
// started yet, else a parked lane whose meeting completed (warp_meetings.h), in lane order. When
// no lane of the warp can run: open __activemask() calls close and their lanes run on; a warp
// intrinsic still waiting for lanes that returned or wait elsewhere is a misuse, reported with the
// warp, lanes and call sites (warp_report.h); otherwise every lane has returned or waits at
// __syncthreads(), and the next warp runs.
//
// Once every warp is done, run() checks the barrier phase: all waiting at the same call site →
// the threads are resumed, warp by warp; anything else is a divergent barrier, reported with the
// block, the threads and the call sites, and the parked fibers are unwound. Control passes from
// fiber to fiber directly (a parking thread jumps straight to the next thread to start or resume),
// so each thread costs one switch per barrier or warp meeting, not two.
#include <cstdint>
#include <source_location>
#include <string>
#include <vector>

#include "cudalab/device.h"
#include "cudalab/emu/context.h"
#include "cudalab/emu/sync_epoch.h"
#include "emu/fiber_switch.h"
#include "emu/stack_pool.h"
#include "emu/warp_meetings.h"

// What the kernel's waits run (sync_entries.cpp calls them), defined beside the runner so that
// its arrive() and warp_arrive() are compiled into them. Each acts on the worker's runner.
extern "C" {
void cudalab_emu_syncthreads_impl(std::source_location where);
int cudalab_emu_syncthreads_count_impl(std::source_location where, int predicate);
std::uint64_t cudalab_emu_warp_meet_impl(cudalab::emu::WarpOp op, std::uint32_t mask, std::uint64_t value, int lane_arg,
                                         int width, std::source_location where);
}

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
  // With `counting` (__syncthreads_count/_and/_or), returns how many threads of the block arrived
  // with a non-zero predicate; a plain __syncthreads() skips that count (all threads of a phase
  // wait at one call site, so they all count or none does).
  template <bool counting>
  int arrive(std::source_location where, int predicate);
  // Called on the running thread's fiber by a warp intrinsic: parks it until its meeting completes
  // (or returns at once when it completes it). Returns the lane's result bits. Inlined into
  // cudalab_emu_warp_meet_impl (the only caller, in block_runner.cpp), so that the call's fields
  // stay in registers.
  [[gnu::always_inline]] inline std::uint64_t warp_arrive(const WarpCall& call);

  // sync_epoch.h: who runs now, and how many barrier phases and warp meetings its block completed.
  SyncPoint sync_point() const {
    const uint3 b = context_.block_idx;
    const dim3 grid = context_.grid_dim;
    const std::uint64_t block = (std::uint64_t(b.z) * grid.y + b.y) * grid.x + b.x;
    return {block * threads_ + current_, current_, threads_, sync_epoch_, block_run_serial_};
  }

  std::size_t stacks_created() const { return stacks_.stacks_created(); }
  void trim_stacks(std::size_t keep) noexcept { stacks_.trim(keep); }  // between launches only

 private:
  // A parked thread: where to resume it, and the pooled stack it runs on.
  struct Fiber {
    FiberContext context = nullptr;
    const FiberStack* stack = nullptr;
    explicit operator bool() const { return context != nullptr; }
  };
  // How the running fiber leaves: its thread waits (it is resumed later), or it ends for good.
  enum class Leaving { parked, finished };

  // What runs after the thread that leaves: the next thread not started yet, a parked thread
  // (resume_), or run() (the phase is over, or the block failed).
  enum class Next { start, resume, to_run };

  static void starter_entry(FiberTransfer from);  // the first frame of every starter fiber
  [[noreturn]] void start_remaining_threads();  // ends its fiber when no new thread is left to start
  void run_thread(void (*invoke)(const void*), const void* args);
  // What the kernel threw, said as the block's fault (an AbandonFiber goes on up). Out of line:
  // inlined into the start loop, its messages took that frame from 0x38 to 0xa8 bytes, cache
  // lines that a thread's end reads back cold.
  [[gnu::cold, gnu::noinline]] void record_fault();
  void record_fault(Message what);  // "thread (…) of block (…): {what}"
  // Picks what runs next in the current warp, trying lanes from `first_lane` on (circularly);
  // moves on to the next warp when this one is done. Closes __activemask() meetings and reports a
  // stuck warp on the way. Inline: it runs at every switch, and usually decides at once.
  Next next_step(unsigned first_lane) {
    if (!stop_) {
      if (next_unstarted_ < warp_end_) return Next::start;
      if (ready_ != 0) return resume_ready(first_lane);
    }
    return next_step_slow(first_lane);
  }
  Next resume_ready(unsigned first_lane) {
    // The first ready lane from first_lane (0 to 32) on, else from lane 0. The mask is shifted in
    // 64 bits so that first_lane = 32 (after the last lane) needs no branch of its own.
    const std::uint32_t after = ready_ & static_cast<std::uint32_t>(~std::uint64_t{0} << first_lane);
    resume_ = warp_base_ + static_cast<unsigned>(__builtin_ctz(after != 0 ? after : ready_));
    return Next::resume;
  }
  Next next_step_slow(unsigned first_lane);
  void enter_warp(unsigned warp);
  void report_stuck_warp();
  void fail(Status status);  // a misuse: end the block with this report
  // A warp intrinsic called wrongly (WarpMeetings::misuse): ends the block; the fiber is unwound.
  // Takes what the report says of the call, in registers: the call itself, by value or by
  // reference, made every call of the fast path write its fields to the stack first.
  [[gnu::cold, gnu::noinline]] void end_on_misuse(unsigned lane, WarpOp op, std::uint32_t mask,
                                                  std::source_location where, const char* why);
  // Leaves the running fiber (its thread parked or finished) for what `next` says; a parked
  // thread's fiber files its own context and stack in waiting_, a finished one hands its stack
  // back. `frames_cold`: the threads resumed next have been parked a while (a barrier phase), not
  // just for a meeting of their warp. Throws AbandonFiber when resumed only to be unwound.
  // Inlined into the waits: its switch leaves the callee-saved registers to the caller's frame,
  // which a call would save a second time.
  [[gnu::always_inline]] inline void switch_away(Leaving leaving, Next next, bool frames_cold = true);
  // A stack (running_stack_) and a first index for a fresh fiber that starts the threads not
  // started yet; false when no stack can be mapped (the block fails).
  bool prepare_starter();
  static StackBounds bounds(const FiberStack* stack) {
    return {static_cast<const char*>(stack->top) - stack->size, stack->size};
  }
  // The parked thread `id`, made current. Inlined into the waits (a call there measured slower).
  [[gnu::always_inline]] inline FiberContext take_waiter(unsigned id, bool prefetch_next);
  uint3 index_of(unsigned id) const;
  std::uint32_t returned_lanes(unsigned warp) const;  // the warp's lanes that returned, by bit
  void enter(Fiber fiber);  // from run(): resume a parked fiber
  Status check_barrier() const;          // ok when all threads wait at one call site
  void abandon_waiters() noexcept;       // unwinds the fibers of a block that cannot go on

  ThreadContext& context_;
  StackPool stacks_;
  const EmuInvocation* kernel_ = nullptr;
  unsigned threads_ = 0;         // threads per block
  unsigned next_unstarted_ = 0;  // first thread no fiber has started yet
  uint3 next_unstarted_index_{0, 0, 0};  // its threadIdx (set for a starter before it begins)
  unsigned current_ = 0;         // linear id of the thread running now
  // The warp running now: threads [warp_base_, warp_end_); lanes by bit.
  unsigned warp_base_ = 0;
  unsigned warp_end_ = 0;
  std::uint32_t ready_ = 0;       // parked lanes free to resume (meeting complete, barrier released)
  unsigned resume_ = 0;           // Next::resume: the thread to resume
  WarpMeetings meetings_;
  // By thread, whole warps: 1 once the thread returned from the kernel (a byte each, so that
  // marking one is a plain store; returned_lanes() makes a warp's mask of them).
  std::vector<std::uint8_t> returned_;
  const FiberStack* running_stack_ = nullptr;  // the stack of the fiber running now
  unsigned waiting_count_ = 0;   // threads parked at the current barrier phase
  unsigned phase_ = 0;           // barrier phases completed; 0 while threads are still starting
  unsigned sync_epoch_ = 0;      // phases and warp meetings completed (sync_epoch.h)
  std::uint64_t block_run_serial_ = 0;  // block runs begun on this worker
  std::source_location first_site_;  // where the phase's first thread waits
  bool mixed_sites_ = false;     // some thread of this phase waits elsewhere
  int predicate_counts_[2] = {0, 0};  // __syncthreads_count per phase parity
  bool stop_ = false;            // a thread faulted, or a misuse: start nothing more, unwind the rest
  bool abandoning_ = false;      // unwinding parked fibers: each goes straight back to run()
  Status fault_;
  FiberContext scheduler_ = nullptr;  // run()'s context, where the last thread of a phase returns
  StackBounds scheduler_stack_;       // the worker's own stack (for AddressSanitizer builds)
  FiberContext discarded_ = nullptr;  // where a finished fiber files its last context
  std::vector<Fiber> waiting_;   // by linear thread id: the continuation of a parked thread
  std::vector<std::source_location> waiting_at_;
};

}  // namespace cudalab::emu
