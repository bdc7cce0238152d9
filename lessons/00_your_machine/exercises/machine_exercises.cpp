// The exercises at the end of chapter 00_your_machine, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_first_launch_exercise();
Exercise make_launch_check_exercise();

std::vector<Exercise> machine_exercises() {
  // The chapter's launch written by hand first, then a launch the device refuses, noticed.
  return {make_first_launch_exercise(), make_launch_check_exercise()};
}

}  // namespace cudalab::lessons::exercises
