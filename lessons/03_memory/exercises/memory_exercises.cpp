// The exercises at the end of chapter 03_memory, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_reverse_block_exercise();
Exercise make_stencil_exercise();
Exercise make_fix_barrier_exercise();
Exercise make_dot_exercise();
Exercise make_prefix_sum_exercise();
Exercise make_axis_sum_exercise();

std::vector<Exercise> memory_exercises() {
  return {make_reverse_block_exercise(), make_stencil_exercise(),    make_fix_barrier_exercise(),
          make_dot_exercise(),           make_prefix_sum_exercise(), make_axis_sum_exercise()};
}

}  // namespace cudalab::lessons::exercises
