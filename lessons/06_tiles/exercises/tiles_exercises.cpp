// The exercises at the end of chapter 06_tiles, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {



std::vector<Exercise> tiles_exercises() {
  return {};
}

}  // namespace cudalab::lessons::exercises
