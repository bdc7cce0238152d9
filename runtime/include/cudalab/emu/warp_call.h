#pragma once
// What a warp intrinsic tells the emulator's engine (warp_intrinsics.h on the kernel side, the
// block runner on the engine side). No macros, like context.h: the engine includes it too.
#include <cstdint>
#include <source_location>

namespace cudalab::emu {

enum class WarpOp : std::uint8_t {
  syncwarp,
  shfl_idx,
  shfl_up,
  shfl_down,
  shfl_xor,
  ballot,
  any,
  all,
  uni,
  activemask,
  reduce_add,
  reduce_min_unsigned,
  reduce_min_signed,
  reduce_max_unsigned,
  reduce_max_signed,
  reduce_and,
  reduce_or,
  reduce_xor,
  match_any,
  match_all,
};

// One lane's call. `value` holds the operand's bits (4-byte types zero-extended); `lane_arg` is
// srcLane, delta or laneMask of a shuffle; `width` the shuffle's segment width.
struct WarpCall {
  WarpOp op = WarpOp::syncwarp;
  std::uint32_t mask = 0;
  std::uint64_t value = 0;
  int lane_arg = 0;
  int width = 32;
  std::source_location where;
};

// The calling lane meets the lanes named in `mask` at this call site (an __activemask() meets
// the lanes that reach the same call while no other lane of the warp can run; see
// runtime/emu/README.md). Returns the lane's result bits. A meeting that cannot complete ends the
// launch with a report, like a divergent __syncthreads(); this call then never returns.
// The call's fields come in registers, not as a WarpCall in memory: the engine's 16-byte loads of
// a struct the kernel had just written field by field could not be forwarded from those stores
// and waited for them (a quarter of a shuffle's time in the engine, measured with perf).
std::uint64_t warp_meet(WarpOp op, std::uint32_t mask, std::uint64_t value, int lane_arg, int width,
                        std::source_location where);

// "__shfl_down_sync()", as reports name the intrinsic.
const char* warp_op_name(WarpOp op);

}  // namespace cudalab::emu
