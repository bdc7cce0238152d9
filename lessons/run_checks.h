#pragma once
// A Run that comes from a file — a recording a teacher hands out, a run a student opens — is
// input like any other: it must name a step this course has, every parameter must be one that
// step accepts and within its range (200,000 × 200,000 blocks would exhaust memory when drawn),
// and its pictures are made inside the same error handling as a live run's (a field of the wrong
// type is a message, never an abort).
#include <vector>

#include "cudalab/run.h"
#include "lesson.h"

namespace cudalab::lessons {

// OK when `run` is a run of one of `lesson`'s steps with parameters that step accepts; otherwise
// why not, in words.
Status check_run_for_step(const Lesson& lesson, const Run& run);

// lesson.views(step, run), with whatever it throws (a field of the wrong type, memory) turned
// into a Status; `views` is left empty then.
Status views_of(const Lesson& lesson, int step, const Run& run, std::vector<View>* views);

}  // namespace cudalab::lessons
