#pragma once
// What chapter 1's kernels record in the trace buffer (the `kind` of each event). Shared by the
// kernel file and the host code that reads the events back.
namespace cudalab::lessons::hello {

enum HelloTraceKind : unsigned {
  kThreadRan = 1,    // hello: one per thread that ran (payload: threadIdx.x, blockIdx.x)
  kSpinStarted = 2,  // spin_then_answer: the kernel's first moment on the device clock
  kSpinEnded = 3,    // spin_then_answer: its wait is over, the answer is about to be written
  kSquared = 4,      // squares: an element was written (payload: the element, its value)
};

}  // namespace cudalab::lessons::hello
