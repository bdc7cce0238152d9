// The exercises at the end of chapter 01_hello_kernel, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_map_exercise();
Exercise make_zip_exercise();

std::vector<Exercise> hello_exercises() {
  return {make_map_exercise(), make_zip_exercise()};
}

}  // namespace cudalab::lessons::exercises
