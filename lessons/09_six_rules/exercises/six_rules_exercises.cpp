// The exercises at the end of chapter 09_six_rules, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_polynomial_exercise();
Exercise make_row_sums_coalesced_exercise();
Exercise make_batch_transfers_exercise();

std::vector<Exercise> six_rules_exercises() {
  // Rule 5 in a kernel first, then rule 4 (the order of a warp's reads), then rule 2 in host code.
  return {make_polynomial_exercise(), make_row_sums_coalesced_exercise(), make_batch_transfers_exercise()};
}

}  // namespace cudalab::lessons::exercises
