#pragma once
// What chapter 2's kernels record in the trace buffer (the `kind` of each event), and the record
// the 2D kernel writes per thread (thread_ids_2d.h, a header of its own so the kernel file the
// student reads includes it without the trace kinds). Shared by the kernel file and the host code.
#include "thread_ids_2d.h"

namespace cudalab::lessons::threads {

enum ThreadsTraceKind : unsigned {
  kElementTouched = 1,  // covering an array: a thread added to an element (payload: the element)
  kBlockStarted = 2,    // blocks on SMs: a block's first moment, with its SM
  kBlockEnded = 3,      // blocks on SMs: its work is done
};

}  // namespace cudalab::lessons::threads
