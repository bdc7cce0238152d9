#pragma once
// Words for a warp whose lanes cannot all meet: the report a misused warp intrinsic ends a launch
// with, in the manner of barrier_report.h (block, warp, lanes, call sites as file:line).
#include <cstdint>
#include <source_location>
#include <string>

#include "cudalab/emu/context.h"
#include "cudalab/message.h"
#include "emu/warp_meetings.h"

namespace cudalab::emu {

// Where the lanes of one warp are when none of them can run any more.
struct StuckWarp {
  uint3 block{0, 0, 0};
  unsigned warp = 0;          // index in the block: threads 32·warp ... 32·warp + 31
  std::uint32_t returned = 0;    // lanes that returned from the kernel
  std::uint32_t at_barrier = 0;  // lanes waiting at __syncthreads()
  const std::source_location* barrier_sites = nullptr;  // by lane, for the lanes at_barrier
};

// "block (0, 0, 0), warp 1 (threads 32-63): lanes 0-15 wait at __shfl_down_sync()
// (kernels.cuh:42) with mask 0xffffffff, but lanes 16-31 returned without reaching it. ..."
Message describe_stuck_warp(const StuckWarp& warp, const WarpMeetings& meetings);

// A call refused before it could wait (`why` from WarpMeetings::misuse).
Message describe_warp_misuse(uint3 block, unsigned warp, unsigned lane, const WarpCall& call, const char* why,
                             std::uint32_t existing);

}  // namespace cudalab::emu
