#include "emu/warp_meetings.h"

#include <bit>

#include "emu/barrier_report.h"

namespace cudalab::emu {

namespace {

// The lane a shuffle reads from, by PTX shfl.sync's rule (PTX ISA, "shfl.sync"), with the c
// operand that CUDA's __shfl*_sync build from `width`: ((32 - width) << 8) | 0x1f, and for
// __shfl_up_sync (32 - width) << 8. c[12:8] masks the segment's lanes, c[4:0] clamps the source.
// A source outside the segment (up/down past its ends, idx modulo width, xor into a later segment)
// makes the lane read its own value, as CUDA documents. `op` is a template argument so that each
// shuffle's loop over its lanes compiles to its own few instructions (warp_meetings.h).
template <WarpOp op>
unsigned source_lane(unsigned lane, int lane_arg, int width) {
  if (width == 32) [[likely]] {  // the whole warp is the segment: the rule below, simplified
    const unsigned b = static_cast<unsigned>(lane_arg) & 0x1f;
    if constexpr (op == WarpOp::shfl_up) return lane >= b ? lane - b : lane;
    if constexpr (op == WarpOp::shfl_down) return lane + b <= 31 ? lane + b : lane;
    if constexpr (op == WarpOp::shfl_xor) return lane ^ b;
    return b;
  }
  const int c = op == WarpOp::shfl_up ? (32 - width) << 8 : ((32 - width) << 8) | 0x1f;
  const int segment_mask = (c >> 8) & 0x1f;
  const int clamp = c & 0x1f;
  const int b = lane_arg & 0x1f;
  const int self = static_cast<int>(lane);
  const int max_lane = (self & segment_mask) | (clamp & ~segment_mask);
  const int min_lane = self & segment_mask;
  int source = self;
  bool in_range = false;
  if constexpr (op == WarpOp::shfl_up) {
    source = self - b;
    in_range = source >= max_lane;
  } else if constexpr (op == WarpOp::shfl_down) {
    source = self + b;
    in_range = source <= max_lane;
  } else if constexpr (op == WarpOp::shfl_xor) {
    source = self ^ b;
    in_range = source <= max_lane;
  } else {
    static_assert(op == WarpOp::shfl_idx);
    source = min_lane | (b & ~segment_mask & 0x1f);
    in_range = source <= max_lane;
  }
  return static_cast<unsigned>(in_range ? source : self);
}

}  // namespace

const char* warp_op_name(WarpOp op) {
  switch (op) {
    case WarpOp::syncwarp: return "__syncwarp()";
    case WarpOp::shfl_idx: return "__shfl_sync()";
    case WarpOp::shfl_up: return "__shfl_up_sync()";
    case WarpOp::shfl_down: return "__shfl_down_sync()";
    case WarpOp::shfl_xor: return "__shfl_xor_sync()";
    case WarpOp::ballot: return "__ballot_sync()";
    case WarpOp::any: return "__any_sync()";
    case WarpOp::all: return "__all_sync()";
    case WarpOp::uni: return "__uni_sync()";
    case WarpOp::activemask: return "__activemask()";
    case WarpOp::reduce_add: return "__reduce_add_sync()";
    case WarpOp::reduce_min_unsigned:
    case WarpOp::reduce_min_signed: return "__reduce_min_sync()";
    case WarpOp::reduce_max_unsigned:
    case WarpOp::reduce_max_signed: return "__reduce_max_sync()";
    case WarpOp::reduce_and: return "__reduce_and_sync()";
    case WarpOp::reduce_or: return "__reduce_or_sync()";
    case WarpOp::reduce_xor: return "__reduce_xor_sync()";
    case WarpOp::match_any: return "__match_any_sync()";
    case WarpOp::match_all: return "__match_all_sync()";
  }
  return "a warp intrinsic";
}

std::uint32_t WarpMeetings::close_activemasks() {
  std::uint32_t released = 0;
  for (; open_activemasks_ != 0; open_activemasks_ &= open_activemasks_ - 1) {
    const unsigned leader = static_cast<unsigned>(std::countr_zero(open_activemasks_));
    const std::uint32_t members = arrived_[leader];
    for (std::uint32_t m = members; m != 0; m &= m - 1) lanes_[std::countr_zero(m)].result = members;
    released |= members;
  }
  return released;
}

void WarpMeetings::complete(unsigned leader) {
  open_ &= ~lane_bit(leader);
  const std::uint32_t members = arrived_[leader];
  const WarpOp op = lanes_[leader].call.op;
  switch (op) {
    case WarpOp::syncwarp: return;
    case WarpOp::shfl_idx: return shuffle<WarpOp::shfl_idx>(members);
    case WarpOp::shfl_up: return shuffle<WarpOp::shfl_up>(members);
    case WarpOp::shfl_down: return shuffle<WarpOp::shfl_down>(members);
    case WarpOp::shfl_xor: return shuffle<WarpOp::shfl_xor>(members);
    default: break;
  }
  if (op == WarpOp::match_any) {
    for (std::uint32_t m = members; m != 0; m &= m - 1) {
      const unsigned lane = static_cast<unsigned>(std::countr_zero(m));
      std::uint32_t same = 0;
      for (std::uint32_t o = members; o != 0; o &= o - 1) {
        const unsigned other = static_cast<unsigned>(std::countr_zero(o));
        if (lanes_[other].call.value == lanes_[lane].call.value) same |= lane_bit(other);
      }
      lanes_[lane].result = same;
    }
    return;
  }
  // The rest give every member the same result: fold the members' values once.
  const std::uint64_t first_value = lanes_[leader].call.value;
  std::uint32_t ballot = 0;
  std::uint32_t sum = 0, bit_and = ~0u, bit_or = 0, bit_xor = 0;
  std::uint32_t min_u = ~0u, max_u = 0;
  std::int32_t min_s = INT32_MAX, max_s = INT32_MIN;
  bool all_equal = true;
  for (std::uint32_t m = members; m != 0; m &= m - 1) {
    const unsigned lane = static_cast<unsigned>(std::countr_zero(m));
    const std::uint64_t value = lanes_[lane].call.value;
    const auto word = static_cast<std::uint32_t>(value);
    const auto signed_word = static_cast<std::int32_t>(word);
    if (value != 0) ballot |= lane_bit(lane);
    sum += word;  // wraps modulo 2^32, as the hardware's add does
    bit_and &= word;
    bit_or |= word;
    bit_xor ^= word;
    if (word < min_u) min_u = word;
    if (word > max_u) max_u = word;
    if (signed_word < min_s) min_s = signed_word;
    if (signed_word > max_s) max_s = signed_word;
    all_equal = all_equal && value == first_value;
  }
  std::uint64_t result = 0;
  switch (op) {
    case WarpOp::ballot: result = ballot; break;
    case WarpOp::any: result = ballot != 0; break;
    case WarpOp::all: result = ballot == members; break;
    case WarpOp::uni: result = ballot == 0 || ballot == members; break;
    case WarpOp::reduce_add: result = sum; break;
    case WarpOp::reduce_min_unsigned: result = min_u; break;
    case WarpOp::reduce_min_signed: result = static_cast<std::uint32_t>(min_s); break;
    case WarpOp::reduce_max_unsigned: result = max_u; break;
    case WarpOp::reduce_max_signed: result = static_cast<std::uint32_t>(max_s); break;
    case WarpOp::reduce_and: result = bit_and; break;
    case WarpOp::reduce_or: result = bit_or; break;
    case WarpOp::reduce_xor: result = bit_xor; break;
    case WarpOp::match_all: result = all_equal ? members : 0; break;
    default: break;
  }
  for (std::uint32_t m = members; m != 0; m &= m - 1) lanes_[std::countr_zero(m)].result = result;
}

template <WarpOp op>
void WarpMeetings::shuffle(std::uint32_t members) {
  if (members == ~std::uint32_t{0}) {
    // The whole warp, the usual case: every source lane took part, and a counted loop needs no
    // bit scan (25 -> 12 instructions a lane for a __shfl_down_sync, counted with callgrind).
    for (unsigned lane = 0; lane < kWarpSize; ++lane) {
      const WarpCall& call = lanes_[lane].call;
      lanes_[lane].result = lanes_[source_lane<op>(lane, call.lane_arg, call.width)].call.value;
    }
    return;
  }
  for (std::uint32_t m = members; m != 0; m &= m - 1) {
    const unsigned lane = static_cast<unsigned>(std::countr_zero(m));
    const WarpCall& call = lanes_[lane].call;
    const unsigned source = source_lane<op>(lane, call.lane_arg, call.width);
    // A source lane outside the mask did not take part: its value is undefined on a GPU. The
    // emulator gives the caller its own value, as for a source outside the segment.
    lanes_[lane].result = (members & lane_bit(source)) != 0 ? lanes_[source].call.value : call.value;
  }
}

}  // namespace cudalab::emu
