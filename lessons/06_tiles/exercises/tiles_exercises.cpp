// The exercises at the end of chapter 06_tiles, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_matmul_tiled_exercise();

std::vector<Exercise> tiles_exercises() {
  return {make_matmul_tiled_exercise()};
}

}  // namespace cudalab::lessons::exercises
