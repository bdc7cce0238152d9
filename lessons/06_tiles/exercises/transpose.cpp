// Exercise "transpose": out = in^T for a rows × cols matrix, through a 32 × 32 tile in shared
// memory (with a padding column), blocks of 32 × 8 threads, each thread moving 4 elements.
//
// What the grader sees and what it does not. The probes (probe.cuh) count each thread's reads and
// writes of each buffer, check every index and, on the emulator, find races in shared memory; the
// outputs are compared element by element. So the limits "each thread reads `in` at most 4 times
// and writes `out` at most 4 times" hold a thread to its 4 elements, ragged edges must be guarded,
// and a tile read before the barrier is a data race. But a naive transpose, where each thread
// copies its 4 elements from `in` straight to `out`, makes exactly as many accesses and passes:
// its fault is that a warp's writes (or reads) go down a column, 32 rows apart, uncoalesced
// (chapter 5, step 3), and neither coalescing nor bank conflicts are counted here. The statement
// says so plainly and the hints lead to the shared-memory version; the variants keep a naive kernel
// and an unpadded tile as `passed` files, to keep that limit on record. Chapter 7's
// transpose_padded is the same exercise graded for speed, where both fail.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_transpose_exercise() {
  Exercise e;
  e.id = "transpose";
  e.title = "Transpose through a shared tile";
  e.chapter = "06_tiles";
  e.kernel_name = "transpose";
  e.params = {{"const float*", "in"}, {"float*", "out"}, {"int", "rows"}, {"int", "cols"}};
  e.limits = {{"in", true, 4,
               "A block of 32 × 8 threads moves a tile of 32 × 32 elements: each thread reads 4 elements of in, "
               "rows threadIdx.y, threadIdx.y + 8, + 16 and + 24 of the tile."},
              {"out", false, 4, "Each thread writes 4 elements of out, one for each element of in it read."}};
  e.cases = [] { return transpose_tests(701); };
  return e;
}

}  // namespace cudalab::lessons::exercises
