#pragma once
// The meetings of one warp's lanes at warp intrinsics: who waits where, with what, and the results
// once a meeting is complete. Kept apart from the block runner, which only asks "complete?",
// "which lanes are released?" and "is anything still open?" — the scheduling stays there.
//
// A meeting is known by its first lane (its leader): the lanes that join it called the same
// intrinsic at the same call site with the same mask. It completes when every lane of the mask has
// joined. An __activemask() meeting has no mask: it stays open until the runner closes it (when no
// lane of the warp can run any more), and its result is the lanes that joined.
#include <bit>
#include <cstdint>

#include "cudalab/emu/warp_call.h"
#include "emu/barrier_report.h"

namespace cudalab::emu {

inline constexpr unsigned kWarpSize = 32;

inline std::uint32_t lane_bit(unsigned lane) { return std::uint32_t{1} << lane; }

class WarpMeetings {
 public:
  // A new warp: `existing` = the lanes the block has (all 32 but in a partial last warp).
  void reset(std::uint32_t existing) {
    existing_ = existing;
    open_ = 0;
    open_activemasks_ = 0;
  }

  // What is wrong with a call before it can wait at all (its mask leaves out the caller, or names
  // lanes the block does not have), or nullptr. Inline: checked at every call.
  const char* misuse(unsigned lane, const WarpCall& call) const {
    if (call.op == WarpOp::activemask) [[unlikely]]
      return nullptr;
    if ((call.mask & lane_bit(lane)) == 0) [[unlikely]]
      return "its mask does not name the calling lane";
    if ((call.mask & ~existing_) != 0) [[unlikely]]
      return "its mask names lanes that this block does not have";
    return nullptr;
  }

  // Records the lane's call. True when it completed its meeting: every result is ready and
  // `released` holds the other lanes of the meeting (parked, now free to go on). Inline: every lane
  // of every warp intrinsic passes here.
  bool arrive(unsigned lane, const WarpCall& call, std::uint32_t* released) {
    // Field by field, and only what complete() reads of every member: a joining lane's op, mask
    // and call site are its leader's. (A whole-struct copy became two 16-byte loads of the fields
    // just stored one by one, which the CPU cannot forward from those stores: they waited.)
    Lane& mine = lanes_[lane];
    mine.call.value = call.value;
    mine.call.lane_arg = call.lane_arg;
    mine.call.width = call.width;
    const std::uint32_t me = lane_bit(lane);
    if (call.op == WarpOp::activemask) [[unlikely]] {  // completes only when the runner closes it
      join(open_activemasks_, lane, call.op, call.mask, call.where, me);
      return false;
    }
    const unsigned leader = join(open_, lane, call.op, call.mask, call.where, me);
    if (arrived_[leader] != call.mask) return false;
    complete(leader);
    *released = call.mask & ~me;
    return true;
  }

  // Closes every open __activemask() meeting; returns the lanes it releases.
  std::uint32_t close_activemasks();

  std::uint64_t result(unsigned lane) const { return lanes_[lane].result; }
  std::uint32_t existing() const { return existing_; }
  // Leaders of the meetings still waiting for lanes (not counting __activemask()).
  std::uint32_t open() const { return open_; }
  std::uint32_t open_activemasks() const { return open_activemasks_; }
  // For reports: a leader's call, and who has joined a meeting.
  const WarpCall& call(unsigned leader) const { return lanes_[leader].call; }
  std::uint32_t arrived(unsigned leader) const { return arrived_[leader]; }

 private:
  struct Lane {
    WarpCall call;
    std::uint64_t result = 0;
  };
  // The meeting the lane joins (its leader): an open one of the same intrinsic, mask and call site
  // that the lane has not joined yet, else a new one it leads.
  // The call comes in as scalars: compared as a struct, its op and mask were read as one 8-byte
  // word across the two smaller stores that had just written them, which the CPU cannot forward.
  unsigned join(std::uint32_t& open, unsigned lane, WarpOp op, std::uint32_t mask, std::source_location where,
                std::uint32_t me) {
    unsigned leader = lane;
    for (std::uint32_t candidates = open; candidates != 0; candidates &= candidates - 1) {
      const unsigned first = static_cast<unsigned>(std::countr_zero(candidates));
      const WarpCall& theirs = lanes_[first].call;
      if (theirs.op == op && theirs.mask == mask && (arrived_[first] & me) == 0 && same_site(theirs.where, where)) {
        leader = first;
        break;
      }
    }
    if (leader == lane) {
      lanes_[lane].call.op = op;
      lanes_[lane].call.mask = mask;
      lanes_[lane].call.where = where;
      arrived_[leader] = 0;
      open |= me;
    }
    arrived_[leader] |= me;
    return leader;
  }
  void complete(unsigned leader);
  template <WarpOp op>
  void shuffle(std::uint32_t members);

  Lane lanes_[kWarpSize];
  std::uint32_t arrived_[kWarpSize] = {};  // by leader
  std::uint32_t existing_ = 0;
  std::uint32_t open_ = 0;
  std::uint32_t open_activemasks_ = 0;
};

}  // namespace cudalab::emu
