// Exercise "transpose_padded": chapter 6's transpose (out = in^T through a 32 × 32 tile in shared
// memory, blocks of 32 × 8 threads, 4 elements per thread), graded for speed: the tile must be
// padded to 32 × 33, and both global sides must be rows.
//
// What the grader sees. As in chapter 6: the result, every index (tile included), races on the tile,
// and each thread's reads of `in` and writes of `out` (at most 4 each). On the emulator, the accesses
// of the 64 × 96 test are traced (speed.h) and grouped into warp requests:
//   - shared memory: the busiest bank's distinct 4-byte words per request, on average. The padded
//     tile gives 1 (row writes and column reads both spread over the 32 banks); [32][32] gives 1 on
//     the row writes and 32 on the column reads, 16.5 on average; [32][34] gives 2 on the column
//     reads, 1.5 on average. The goal, at most 1.25, takes a conflict-free tile;
//   - the writes of `out` and the reads of `in`: 32-byte sectors per request. Rows of 96 and 64
//     floats start on a sector, so a warp's 32 neighbouring floats take exactly 4; a transpose
//     without a tile writes (or reads) down a column, 32 sectors a request.
// A kernel without shared memory has no bank requests at all and gets 1 on the first measure
// (speed.cpp): its own fault, the scattered side, is the second or third goal's.
// On a GPU the kernel is timed against the solution on a 4096 × 4096 matrix instead.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_transpose_padded_exercise() {
  Exercise e;
  e.id = "transpose_padded";
  e.title = "Transpose without bank conflicts: pad the tile";
  e.chapter = "07_warps";
  e.kernel_name = "transpose";
  e.params = {{"const float*", "in"}, {"float*", "out"}, {"int", "rows"}, {"int", "cols"}};
  e.limits = {{"in", true, 4,
               "A block of 32 × 8 threads moves a tile of 32 × 32 elements: each thread reads 4 elements of in, "
               "rows threadIdx.y, threadIdx.y + 8, + 16 and + 24 of the tile."},
              {"out", false, 4, "Each thread writes 4 elements of out, one for each element of in it read."}};
  e.kind = ExerciseKind::speed;
  e.speed.goals = {
      {SpeedMeasure::bank_ways, "", true, 1.25,
       "A warp reading a column of a 32 × 32 tile asks one bank for 32 different words, which it serves one after "
       "another. Declare the tile 32 × 33: each row then starts one bank further along, and a column touches all 32 "
       "banks."},
      {SpeedMeasure::sectors_per_request, "out", false, 4.5,
       "A warp should write 32 neighbouring floats of a row of out: 128 bytes, four 32-byte sectors. Take each row of "
       "out from a column of the tile; written straight down a column of out, 32 floats cost 32 sectors."},
      {SpeedMeasure::sectors_per_request, "in", true, 4.5,
       "A warp should read 32 neighbouring floats of a row of in: 128 bytes, four 32-byte sectors. Read in row by "
       "row into the tile; read down a column of in, 32 floats cost 32 sectors."}};
  e.speed.traced_test = 0;  // 64 × 96: whole tiles, every row starts on a sector
  e.speed.timed = [] { return transpose_test(4096, 4096, "", 751); };
  e.cases = [] { return transpose_tests(751); };
  return e;
}

}  // namespace cudalab::lessons::exercises
