// The exercises at the end of chapter 07_warps, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_warp_sum_exercise();
Exercise make_ballot_count_exercise();
Exercise make_histogram_exercise();

std::vector<Exercise> warps_exercises() {
  return {make_warp_sum_exercise(), make_ballot_count_exercise(), make_histogram_exercise()};
}

}  // namespace cudalab::lessons::exercises
