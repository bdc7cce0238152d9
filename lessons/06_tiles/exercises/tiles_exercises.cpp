// The exercises at the end of chapter 06_tiles, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_matmul_tiled_exercise();
Exercise make_conv1d_exercise();
Exercise make_transpose_exercise();

std::vector<Exercise> tiles_exercises() {
  return {make_matmul_tiled_exercise(), make_conv1d_exercise(), make_transpose_exercise()};
}

}  // namespace cudalab::lessons::exercises
