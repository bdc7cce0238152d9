#pragma once
// The sliders keep values in range, and so does `--set`; a caller that builds ParamValues itself
// (a test, a script, a Run loaded from elsewhere) does not. Every chapter checks before running
// (StepTableLesson does it): a matrix of n = 46000 must be a message, never a minutes-long run or an
// allocation that fails. The ranges are the sliders' ranges, so this refuses nothing the sliders or
// `--set` offer: chapters 1 and 2 deliberately let the sliders ask for too much (2048 threads per
// block, 0 blocks) so the student sees the launch refused, and those values stay in range here.
#include "lesson.h"

namespace cudalab::lessons {

// Every parameter of `step` present in `values`, within its range (and whole, for integers).
Status check_values_in_range(const Step& step, const ParamValues& values);

}  // namespace cudalab::lessons
