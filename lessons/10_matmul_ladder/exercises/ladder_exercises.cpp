// The exercises at the end of chapter 10_matmul_ladder, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_matmul_register_tile_exercise();
Exercise make_row_softmax_exercise();
Exercise make_scale4_exercise();
Exercise make_attention_exercise();

std::vector<Exercise> ladder_exercises() {
  return {make_matmul_register_tile_exercise(), make_row_softmax_exercise(), make_scale4_exercise(),
          make_attention_exercise()};
}

}  // namespace cudalab::lessons::exercises
