// The exercises at the end of chapter 07_warps, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_fix_warp_reduction_exercise();
Exercise make_warp_sum_exercise();
Exercise make_ballot_count_exercise();
Exercise make_transpose_padded_exercise();
Exercise make_histogram_exercise();
Exercise make_multi_block_scan_exercise();

std::vector<Exercise> warps_exercises() {
  return {make_fix_warp_reduction_exercise(), make_warp_sum_exercise(), make_ballot_count_exercise(),
          make_transpose_padded_exercise(), make_histogram_exercise(),
          make_multi_block_scan_exercise()};
}

}  // namespace cudalab::lessons::exercises
