// The exercises at the end of chapter 04_round_trip, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_round_trip_exercise();

std::vector<Exercise> round_trip_exercises() {
  // The four steps by hand first.
  return {make_round_trip_exercise()};
}

}  // namespace cudalab::lessons::exercises
