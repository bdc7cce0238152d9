// The exercises at the end of chapter 04_round_trip, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_round_trip_exercise();
Exercise make_keep_on_device_exercise();

std::vector<Exercise> round_trip_exercises() {
  // The four steps by hand first, then two kernels between one copy in and one copy out.
  return {make_round_trip_exercise(), make_keep_on_device_exercise()};
}

}  // namespace cudalab::lessons::exercises
