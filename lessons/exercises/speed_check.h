#pragma once
// The speed part of checking a speed exercise (speed.h), once every test passed: the goals on the
// emulator's counts, or the time against the solution's on a GPU.
#include <memory>
#include <string_view>

#include "cudalab/device.h"
#include "cudalab/jit.h"
#include "exercises/exercise.h"
#include "exercises/speed.h"
#include "exercises/verdict.h"

namespace cudalab::lessons::exercises {

// The student's file and the solution as they are, without the probe, for a GPU to time.
struct TimedKernels {
  std::unique_ptr<JitKernel> student, solution;
};

// On a GPU, before the seal (NVRTC is done then): false with the verdict filled when either does
// not compile (the student's compiled once with the probe, so this is rare).
bool compile_for_timing(const Exercise& exercise, std::string_view source, Device& device, TimedKernels* kernels,
                        Verdict* verdict);

// The emulator's judgement: every goal of the exercise on `counts`, the traced test's. Sets
// verdict->speed to the first goal's measure; false (too_slow) when a goal is missed.
bool judge_goals(const Exercise& exercise, const TestCase& traced, const TraceCounts& counts, Verdict* verdict);

// A GPU's: the timed test, the student's kernel and the solution's in turns, medians compared;
// the student's outputs are checked against the reference too.
bool judge_time(const Exercise& exercise, Device& device, const TimedKernels& kernels, Verdict* verdict);

}  // namespace cudalab::lessons::exercises
