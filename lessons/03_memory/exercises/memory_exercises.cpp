// The exercises at the end of chapter 03_memory, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {



std::vector<Exercise> memory_exercises() {
  return {};
}

}  // namespace cudalab::lessons::exercises
