#pragma once
// What the matmul kernels of chapters 5 and 6 record in the trace buffer (the `kind` of each
// event). Shared by the kernel file and the host code that reads the events back.
namespace cudalab::lessons::matmul {

enum MatmulTraceKind : unsigned {
  kReadA = 1,             // naive kernels: a thread read A (payload: element index, k)
  kReadB = 2,             // naive kernels: a thread read B (payload: element index, k)
  kWroteC = 3,            // a thread wrote its element of C (payload: row, col)
  kTileLoadA = 4,         // shared kernels: a thread filled its slot of the A tile (payload: k-step,
                          // row, column, 1 when read from A or 0 when the guard padded a zero)
  kTileLoadB = 5,         // the same for the B tile
  kMultiplyStarted = 6,   // shared kernels: a thread began multiplying the tiles (payload: k-step)
  kMultiplyEnded = 7,     // ... and finished (payload: k-step)
};

}  // namespace cudalab::lessons::matmul
