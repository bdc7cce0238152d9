#include "emu/warp_report.h"

#include <bit>
#include <vector>

#include <fmt/format.h>

#include "emu/barrier_report.h"

namespace cudalab::emu {

namespace {

// "lanes 0-15, 20" or "lane 7".
std::string lanes_phrase(std::uint32_t lanes) {
  std::string text = std::popcount(lanes) == 1 ? "lane " : "lanes ";
  bool first = true;
  for (unsigned lane = 0; lane < kWarpSize;) {
    if ((lanes & lane_bit(lane)) == 0) {
      ++lane;
      continue;
    }
    unsigned last = lane;
    while (last + 1 < kWarpSize && (lanes & lane_bit(last + 1)) != 0) ++last;
    text += fmt::format("{}{}", first ? "" : ", ", lane == last ? fmt::format("{}", lane) : fmt::format("{}-{}", lane, last));
    first = false;
    lane = last + 1;
  }
  return text;
}

// Thread ids are linear (x + y·blockDim.x + ...); a partial last warp names only its threads.
std::string warp_phrase(uint3 block, unsigned warp, std::uint32_t existing) {
  const unsigned first = warp * kWarpSize;
  const unsigned last = first + static_cast<unsigned>(std::popcount(existing)) - 1;
  if (first == last) return fmt::format("block {}, warp {} (thread {})", coordinates(block), warp, first);
  return fmt::format("block {}, warp {} (threads {}-{})", coordinates(block), warp, first, last);
}

std::string call_phrase(const WarpCall& call) {
  return fmt::format("{} ({})", warp_op_name(call.op), short_site(call.where));
}

}  // namespace

std::string describe_stuck_warp(const StuckWarp& warp, const WarpMeetings& meetings) {
  std::vector<std::string> parts;
  std::uint32_t named = 0;  // lanes some waiting meeting needs
  for (std::uint32_t open = meetings.open(); open != 0; open &= open - 1) {
    const unsigned leader = static_cast<unsigned>(std::countr_zero(open));
    const WarpCall& call = meetings.call(leader);
    parts.push_back(fmt::format("{} wait at {} with mask {:#010x}", lanes_phrase(meetings.arrived(leader)),
                                call_phrase(call), call.mask));
    named |= call.mask;
  }
  // Lanes at __syncthreads(), grouped by call site in lane order.
  for (std::uint32_t left = warp.at_barrier; left != 0;) {
    const std::source_location& site = warp.barrier_sites[std::countr_zero(left)];
    std::uint32_t group = 0;
    for (std::uint32_t m = left; m != 0; m &= m - 1) {
      const unsigned lane = static_cast<unsigned>(std::countr_zero(m));
      if (same_site(warp.barrier_sites[lane], site)) group |= lane_bit(lane);
    }
    parts.push_back(fmt::format("{} wait at __syncthreads() ({})", lanes_phrase(group), short_site(site)));
    left &= ~group;
  }
  if ((warp.returned & named) != 0) parts.push_back(lanes_phrase(warp.returned & named) + " returned");
  if ((named & ~meetings.existing()) != 0)
    parts.push_back(lanes_phrase(named & ~meetings.existing()) + " do not exist (the block ends before them)");

  std::string text = warp_phrase(warp.block, warp.warp, meetings.existing()) + ": ";
  for (std::size_t i = 0; i < parts.size(); ++i) text += (i ? "; " : "") + parts[i];
  text += ".";
  for (std::uint32_t open = meetings.open(); open != 0; open &= open - 1) {
    const unsigned leader = static_cast<unsigned>(std::countr_zero(open));
    const WarpCall& call = meetings.call(leader);
    const std::uint32_t missing = call.mask & ~meetings.arrived(leader);
    text += fmt::format(" The mask of {} names {}, which never reach it.", call_phrase(call), lanes_phrase(missing));
  }
  text += " Every lane named in a warp intrinsic's mask must reach that same call with the same mask; on a GPU "
          "this hangs or gives undefined results.";
  return text;
}

std::string describe_warp_misuse(uint3 block, unsigned warp, unsigned lane, const WarpCall& call, const char* why,
                                 std::uint32_t existing) {
  std::string text = fmt::format("{}: lane {} called {} with mask {:#010x}, but {}", warp_phrase(block, warp, existing), lane,
                                 call_phrase(call), call.mask, why);
  if ((call.mask & ~existing) != 0)
    text += fmt::format(" ({}: the block has only {} in this warp; a GPU would wait for them forever or give "
                        "undefined results)",
                        lanes_phrase(call.mask & ~existing), lanes_phrase(existing));
  text += ".";
  return text;
}

}  // namespace cudalab::emu
