#pragma once
// What the emulator does not emulate fails to compile, with a message, instead of running wrong.
//
// Warp-level intrinsics need 32 threads that execute in lockstep; the emulator runs a block's
// threads one after another (switching only at __syncthreads()), so a shuffle or a vote would see
// values its neighbours have not computed yet. Using one is therefore a compile error here.
#include "cudalab/emu/atomics.h"  // always_false

#define CUDALAB_EMU_UNSUPPORTED(name)                                                             \
  template <class... A>                                                                           \
  inline unsigned name(A...) {                                                                    \
    static_assert(::cudalab::emu::always_false<A...>::value,                                      \
                  #name " is not supported by the CUDA Lab emulator (warp-level operations need " \
                  "lockstep warps); run this kernel on a GPU");                                   \
    return 0;                                                                                     \
  }
CUDALAB_EMU_UNSUPPORTED(__shfl_sync)
CUDALAB_EMU_UNSUPPORTED(__shfl_up_sync)
CUDALAB_EMU_UNSUPPORTED(__shfl_down_sync)
CUDALAB_EMU_UNSUPPORTED(__shfl_xor_sync)
CUDALAB_EMU_UNSUPPORTED(__shfl)
CUDALAB_EMU_UNSUPPORTED(__shfl_up)
CUDALAB_EMU_UNSUPPORTED(__shfl_down)
CUDALAB_EMU_UNSUPPORTED(__shfl_xor)
CUDALAB_EMU_UNSUPPORTED(__ballot_sync)
CUDALAB_EMU_UNSUPPORTED(__ballot)
CUDALAB_EMU_UNSUPPORTED(__any_sync)
CUDALAB_EMU_UNSUPPORTED(__all_sync)
CUDALAB_EMU_UNSUPPORTED(__any)
CUDALAB_EMU_UNSUPPORTED(__all)
CUDALAB_EMU_UNSUPPORTED(__uni_sync)
CUDALAB_EMU_UNSUPPORTED(__activemask)
CUDALAB_EMU_UNSUPPORTED(__syncwarp)
CUDALAB_EMU_UNSUPPORTED(__match_any_sync)
CUDALAB_EMU_UNSUPPORTED(__match_all_sync)
CUDALAB_EMU_UNSUPPORTED(__reduce_add_sync)
CUDALAB_EMU_UNSUPPORTED(__reduce_min_sync)
CUDALAB_EMU_UNSUPPORTED(__reduce_max_sync)
CUDALAB_EMU_UNSUPPORTED(__reduce_and_sync)
CUDALAB_EMU_UNSUPPORTED(__reduce_or_sync)
CUDALAB_EMU_UNSUPPORTED(__reduce_xor_sync)
#undef CUDALAB_EMU_UNSUPPORTED
