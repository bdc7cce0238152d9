// The exercises at the end of chapter 09_six_rules, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_polynomial_exercise();

std::vector<Exercise> six_rules_exercises() { return {make_polynomial_exercise()}; }

}  // namespace cudalab::lessons::exercises
