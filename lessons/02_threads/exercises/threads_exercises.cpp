// The exercises at the end of chapter 02_threads, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_blocks_exercise();
Exercise make_guard_exercise();
Exercise make_map2d_exercise();
Exercise make_broadcast_exercise();
Exercise make_grid_stride_exercise();
Exercise make_blocks2d_exercise();
Exercise make_map2d_coalesced_exercise();

std::vector<Exercise> threads_exercises() {
  // Whole blocks first, then the ragged end that needs a guard.
  return {make_blocks_exercise(),    make_guard_exercise(),       make_map2d_exercise(),
          make_broadcast_exercise(), make_grid_stride_exercise(), make_blocks2d_exercise(),
          make_map2d_coalesced_exercise()};
}

}  // namespace cudalab::lessons::exercises
