#pragma once
// The sliders keep values in range, and so does `--set`; a caller that builds ParamValues itself
// (a test, a script, a Run loaded from elsewhere) does not. Chapters 5 and 6 check before running:
// a matrix of n = 46000 must be a message, never a minutes-long run or an allocation that fails.
#include "lesson.h"

namespace cudalab::lessons::matmul {

// Every parameter of `step` present in `values`, within its range (and whole, for integers).
Status check_values_in_range(const Step& step, const ParamValues& values);

}  // namespace cudalab::lessons::matmul
