// What a block runner says when its block goes wrong: a thread's fault, a warp that can no longer
// move, threads that wait at different __syncthreads(). Error paths only, kept out of
// block_runner.cpp, whose scheduling is hot and compiled with options of its own.
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include "emu/barrier_report.h"
#include "emu/block_runner.h"
#include "emu/warp_report.h"
#include "cudalab/message_format.h"

namespace cudalab::emu {

namespace {
// A fault of the thread `context` runs: "thread (1, 0, 0) of block (0, 0, 0): …".
Status thread_fault(const ThreadContext& context, Message what) {
  return Status::error(StatusCode::kernel_fault,
                       message("thread {} of block {}: {}", as_is(coordinates(context.thread_idx)),
                               as_is(coordinates(context.block_idx)), std::move(what)));
}
}  // namespace

void BlockRunner::record_fault(Message what) {
  stop_ = true;
  fault_ = thread_fault(context_, std::move(what));
}

void BlockRunner::report_stuck_warp() {
  StuckWarp stuck;
  stuck.block = context_.block_idx;
  stuck.warp = warp_base_ / kWarpSize;
  stuck.returned = returned_lanes(stuck.warp);
  // Every lane has started, and none can run: each one returned, waits in an open meeting, or
  // waits at __syncthreads() (worked out here rather than marked by every wait).
  std::uint32_t in_meetings = 0;
  for (std::uint32_t open = meetings_.open(); open != 0; open &= open - 1)
    in_meetings |= meetings_.arrived(static_cast<unsigned>(std::countr_zero(open)));
  stuck.at_barrier = meetings_.existing() & ~stuck.returned & ~in_meetings;
  stuck.barrier_sites = waiting_at_.data() + warp_base_;
  Status status = Status::error(StatusCode::divergent_barrier, describe_stuck_warp(stuck, meetings_));
  const WarpCall& call = meetings_.call(static_cast<unsigned>(std::countr_zero(meetings_.open())));
  status.at(warp_op_name(call.op), call.where.file_name(), static_cast<int>(call.where.line()));
  fail(std::move(status));
}

void BlockRunner::fail(Status status) {
  stop_ = true;
  fault_ = std::move(status);
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

}  // namespace cudalab::emu
