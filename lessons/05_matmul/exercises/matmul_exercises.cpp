// The exercises at the end of chapter 05_matmul, in the order the chapter list shows them.
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {

Exercise make_matmul_coalesced_exercise();
Exercise make_matvec_exercise();
Exercise make_col_sums_exercise();

std::vector<Exercise> matmul_exercises() {
  return {make_matmul_coalesced_exercise(), make_matvec_exercise(), make_col_sums_exercise()};
}

}  // namespace cudalab::lessons::exercises
