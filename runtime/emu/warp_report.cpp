#include "emu/warp_report.h"

#include <bit>
#include <vector>

#include <fmt/format.h>

#include "cudalab/message_format.h"

#include "emu/barrier_report.h"

namespace cudalab::emu {

namespace {

// "0-15, 20", or "7": code, the same in every language.
std::string lane_list(std::uint32_t lanes) {
  std::string text;
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

// "lanes 0-15, 20" or "lane 7".
Message lanes_phrase(std::uint32_t lanes) {
  const std::string list = lane_list(lanes);
  return std::popcount(lanes) == 1 ? message("lane {}", as_is(list)) : message("lanes {}", as_is(list));
}

// Thread ids are linear (x + y·blockDim.x + ...); a partial last warp names only its threads.
Message warp_phrase(uint3 block, unsigned warp, std::uint32_t existing) {
  const unsigned first = warp * kWarpSize;
  const unsigned last = first + static_cast<unsigned>(std::popcount(existing)) - 1;
  const std::string where = coordinates(block);
  if (first == last) return message("block {}, warp {} (thread {})", as_is(where), warp, first);
  return message("block {}, warp {} (threads {}-{})", as_is(where), warp, first, last);
}

Message call_phrase(const WarpCall& call) {
  return message("{} ({})", as_is(warp_op_name(call.op)), as_is(short_site(call.where)));
}

}  // namespace

Message describe_stuck_warp(const StuckWarp& warp, const WarpMeetings& meetings) {
  std::vector<Message> parts;
  std::uint32_t named = 0;  // lanes some waiting meeting needs
  for (std::uint32_t open = meetings.open(); open != 0; open &= open - 1) {
    const unsigned leader = static_cast<unsigned>(std::countr_zero(open));
    const WarpCall& call = meetings.call(leader);
    parts.push_back(message("{} wait at {} with mask {:#010x}", lanes_phrase(meetings.arrived(leader)), call_phrase(call),
                            call.mask));
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
    parts.push_back(message("{} wait at __syncthreads() ({})", lanes_phrase(group), as_is(short_site(site))));
    left &= ~group;
  }
  if ((warp.returned & named) != 0) parts.push_back(message("{} returned", lanes_phrase(warp.returned & named)));
  if ((named & ~meetings.existing()) != 0)
    parts.push_back(message("{} do not exist (the block ends before them)", lanes_phrase(named & ~meetings.existing())));

  Message text = message("{}: {}.", warp_phrase(warp.block, warp.warp, meetings.existing()), joined(parts));
  for (std::uint32_t open = meetings.open(); open != 0; open &= open - 1) {
    const unsigned leader = static_cast<unsigned>(std::countr_zero(open));
    const WarpCall& call = meetings.call(leader);
    const std::uint32_t missing = call.mask & ~meetings.arrived(leader);
    text = message("{} The mask of {} names {}, which never reach it.", text, call_phrase(call), lanes_phrase(missing));
  }
  return message("{} Every lane named in a warp intrinsic's mask must reach that same call with the same mask; on a GPU "
                 "this hangs or gives undefined results.",
                 text);
}

Message describe_warp_misuse(uint3 block, unsigned warp, unsigned lane, const WarpCall& call, const char* why,
                             std::uint32_t existing) {
  Message text = message("{}: lane {} called {} with mask {:#010x}, but {}", warp_phrase(block, warp, existing), lane,
                         call_phrase(call), call.mask, std::string(why));
  if ((call.mask & ~existing) != 0)
    text = message("{} ({}: the block has only {} in this warp; a GPU would wait for them forever or give undefined "
                   "results)",
                   text, lanes_phrase(call.mask & ~existing), lanes_phrase(existing));
  return message("{}.", text);
}

}  // namespace cudalab::emu
