#pragma once
// CUDA's warp-level intrinsics for the emulator: __syncwarp, the four shuffles, the votes,
// __activemask, the sm_80 reductions and the sm_70 matches. Each is a meeting point: the calling
// lane waits until every lane named in `mask` has reached the same call (runtime/emu/README.md
// says how, and what __activemask() returns). The call site comes in as a defaulted
// std::source_location, so a kernel writes them exactly as in CUDA.
//
// Overloads rather than templates, so that an argument converts as it does under nvcc (a short
// shuffles as an int). Results are bit-identical to the GPU's; shuffles follow PTX shfl.sync's
// lane arithmetic, with the `width` operand built as CUDA's own headers build it.
#include <bit>
#include <cstdint>
#include <source_location>

#include "cudalab/emu/warp_call.h"

namespace cudalab::emu {

template <class T>
inline std::uint64_t warp_bits(T value) {
  if constexpr (sizeof(T) == 4) {
    return std::bit_cast<std::uint32_t>(value);
  } else {
    static_assert(sizeof(T) == 8, "warp intrinsics move 4- or 8-byte values");
    return std::bit_cast<std::uint64_t>(value);
  }
}
template <class T>
inline T warp_value(std::uint64_t bits) {
  if constexpr (sizeof(T) == 4) {
    return std::bit_cast<T>(static_cast<std::uint32_t>(bits));
  } else {
    return std::bit_cast<T>(bits);
  }
}
template <class T>
inline T warp_shuffle(WarpOp op, unsigned mask, T var, int lane_arg, int width, std::source_location where) {
  return warp_value<T>(warp_meet(op, mask, warp_bits(var), lane_arg, width, where));
}
inline std::uint64_t warp_vote(WarpOp op, unsigned mask, std::uint64_t value, std::source_location where) {
  return warp_meet(op, mask, value, 0, 32, where);
}

}  // namespace cudalab::emu

#define CUDALAB_EMU_WARP_HERE std::source_location where = std::source_location::current()

inline void __syncwarp(unsigned mask = 0xffffffffu, CUDALAB_EMU_WARP_HERE) {
  ::cudalab::emu::warp_vote(::cudalab::emu::WarpOp::syncwarp, mask, 0, where);
}
inline unsigned __activemask(CUDALAB_EMU_WARP_HERE) {
  return static_cast<unsigned>(::cudalab::emu::warp_vote(::cudalab::emu::WarpOp::activemask, 0, 0, where));
}

// --- shuffles: int, unsigned, long, unsigned long, long long, unsigned long long, float, double
#define CUDALAB_EMU_SHUFFLES(T)                                                                                   \
  inline T __shfl_sync(unsigned mask, T var, int src_lane, int width = 32, CUDALAB_EMU_WARP_HERE) {               \
    return ::cudalab::emu::warp_shuffle(::cudalab::emu::WarpOp::shfl_idx, mask, var, src_lane, width, where);     \
  }                                                                                                               \
  inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = 32, CUDALAB_EMU_WARP_HERE) {          \
    return ::cudalab::emu::warp_shuffle(::cudalab::emu::WarpOp::shfl_up, mask, var, static_cast<int>(delta),      \
                                        width, where);                                                            \
  }                                                                                                               \
  inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = 32, CUDALAB_EMU_WARP_HERE) {        \
    return ::cudalab::emu::warp_shuffle(::cudalab::emu::WarpOp::shfl_down, mask, var, static_cast<int>(delta),    \
                                        width, where);                                                            \
  }                                                                                                               \
  inline T __shfl_xor_sync(unsigned mask, T var, int lane_mask, int width = 32, CUDALAB_EMU_WARP_HERE) {          \
    return ::cudalab::emu::warp_shuffle(::cudalab::emu::WarpOp::shfl_xor, mask, var, lane_mask, width, where);    \
  }                                                                                                               \
  inline unsigned __match_any_sync(unsigned mask, T value, CUDALAB_EMU_WARP_HERE) {                               \
    return static_cast<unsigned>(::cudalab::emu::warp_vote(::cudalab::emu::WarpOp::match_any, mask,              \
                                                           ::cudalab::emu::warp_bits(value), where));             \
  }                                                                                                               \
  inline unsigned __match_all_sync(unsigned mask, T value, int* pred, CUDALAB_EMU_WARP_HERE) {                    \
    const auto matched = static_cast<unsigned>(::cudalab::emu::warp_vote(                                         \
        ::cudalab::emu::WarpOp::match_all, mask, ::cudalab::emu::warp_bits(value), where));                       \
    *pred = matched != 0;                                                                                         \
    return matched;                                                                                               \
  }
CUDALAB_EMU_SHUFFLES(int)
CUDALAB_EMU_SHUFFLES(unsigned int)
CUDALAB_EMU_SHUFFLES(long)
CUDALAB_EMU_SHUFFLES(unsigned long)
CUDALAB_EMU_SHUFFLES(long long)
CUDALAB_EMU_SHUFFLES(unsigned long long)
CUDALAB_EMU_SHUFFLES(float)
CUDALAB_EMU_SHUFFLES(double)
#undef CUDALAB_EMU_SHUFFLES

// --- votes ----------------------------------------------------------------------------------------
inline unsigned __ballot_sync(unsigned mask, int predicate, CUDALAB_EMU_WARP_HERE) {
  return static_cast<unsigned>(::cudalab::emu::warp_vote(::cudalab::emu::WarpOp::ballot, mask, predicate != 0, where));
}
inline int __any_sync(unsigned mask, int predicate, CUDALAB_EMU_WARP_HERE) {
  return static_cast<int>(::cudalab::emu::warp_vote(::cudalab::emu::WarpOp::any, mask, predicate != 0, where));
}
inline int __all_sync(unsigned mask, int predicate, CUDALAB_EMU_WARP_HERE) {
  return static_cast<int>(::cudalab::emu::warp_vote(::cudalab::emu::WarpOp::all, mask, predicate != 0, where));
}
inline int __uni_sync(unsigned mask, int predicate, CUDALAB_EMU_WARP_HERE) {
  return static_cast<int>(::cudalab::emu::warp_vote(::cudalab::emu::WarpOp::uni, mask, predicate != 0, where));
}

// --- reductions (sm_80 and later on a GPU) ----------------------------------------------------------
#define CUDALAB_EMU_REDUCE(name, T, op)                                                                       \
  inline T name(unsigned mask, T value, CUDALAB_EMU_WARP_HERE) {                                              \
    return static_cast<T>(static_cast<std::uint32_t>(::cudalab::emu::warp_vote(                              \
        ::cudalab::emu::WarpOp::op, mask, static_cast<std::uint32_t>(value), where)));                        \
  }
CUDALAB_EMU_REDUCE(__reduce_add_sync, unsigned, reduce_add)
CUDALAB_EMU_REDUCE(__reduce_add_sync, int, reduce_add)
CUDALAB_EMU_REDUCE(__reduce_min_sync, unsigned, reduce_min_unsigned)
CUDALAB_EMU_REDUCE(__reduce_min_sync, int, reduce_min_signed)
CUDALAB_EMU_REDUCE(__reduce_max_sync, unsigned, reduce_max_unsigned)
CUDALAB_EMU_REDUCE(__reduce_max_sync, int, reduce_max_signed)
CUDALAB_EMU_REDUCE(__reduce_and_sync, unsigned, reduce_and)
CUDALAB_EMU_REDUCE(__reduce_or_sync, unsigned, reduce_or)
CUDALAB_EMU_REDUCE(__reduce_xor_sync, unsigned, reduce_xor)
#undef CUDALAB_EMU_REDUCE
#undef CUDALAB_EMU_WARP_HERE
