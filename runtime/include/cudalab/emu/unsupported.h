#pragma once
// What the emulator does not run fails to compile, with a message, instead of running wrong.
//
// The warp intrinsics with a mask (__shfl_*_sync, the votes, __syncwarp, __activemask...) are
// emulated (warp_intrinsics.h). Their pre-CUDA 9 forms without a mask are not: CUDA 9 deprecated
// them, and on Volta and later GPUs (independent thread scheduling) nothing says which lanes take
// part, so nvcc refuses them for sm_70+. A kernel that uses one gets a compile error saying which
// *_sync form to write instead.
#include "cudalab/emu/atomics.h"  // always_false

#define CUDALAB_EMU_LEGACY_WARP(name, replacement)                                                     \
  template <class... A>                                                                                \
  inline unsigned name(A...) {                                                                         \
    static_assert(::cudalab::emu::always_false<A...>::value,                                           \
                  #name " is the pre-CUDA 9 form without a mask: deprecated since CUDA 9.0 and not "   \
                  "available on Volta and later GPUs; write " replacement " (the CUDA Lab emulator "   \
                  "runs only the _sync forms)");                                                       \
    return 0;                                                                                          \
  }
CUDALAB_EMU_LEGACY_WARP(__shfl, "__shfl_sync(mask, var, srcLane)")
CUDALAB_EMU_LEGACY_WARP(__shfl_up, "__shfl_up_sync(mask, var, delta)")
CUDALAB_EMU_LEGACY_WARP(__shfl_down, "__shfl_down_sync(mask, var, delta)")
CUDALAB_EMU_LEGACY_WARP(__shfl_xor, "__shfl_xor_sync(mask, var, laneMask)")
CUDALAB_EMU_LEGACY_WARP(__ballot, "__ballot_sync(mask, predicate)")
CUDALAB_EMU_LEGACY_WARP(__any, "__any_sync(mask, predicate)")
CUDALAB_EMU_LEGACY_WARP(__all, "__all_sync(mask, predicate)")
#undef CUDALAB_EMU_LEGACY_WARP
