// The exercises at the end of chapter 02_threads, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_guard_exercise();

std::vector<Exercise> threads_exercises() {
  return {make_guard_exercise()};
}

}  // namespace cudalab::lessons::exercises
