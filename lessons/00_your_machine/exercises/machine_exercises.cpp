// The exercises at the end of chapter 00_your_machine, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

std::vector<Exercise> machine_exercises() { return {}; }

}  // namespace cudalab::lessons::exercises
