#pragma once
// Checks a host-code exercise (ExerciseKind::host): the student's file holds the kernel and the
// host function that allocates, copies, launches and frees with the CUDA runtime API. It is
// compiled as a whole program for the emulator (jit.h: compile_program), the function is called
// with each test's host arrays, and the emulated runtime's record of what it did
// (cudalab/emulated_runtime.h) is judged with the outputs: the result, the error it returns when
// the check makes its launch fail, memory it leaves allocated, copy sizes counted in elements
// instead of bytes, and the exercise's own rule. Runs in the sandboxed worker, like check_submission.
#include <functional>
#include <string_view>

#include "cudalab/device.h"
#include "exercises/evidence.h"
#include "exercises/exercise.h"
#include "exercises/verdict.h"

namespace cudalab::lessons::exercises {

// The evidence's key for what the function returned in each test (4 bytes, an int).
inline constexpr const char* kReturnedOutput = "(returned)";

// As check_submission (checker.h), whose arguments it takes; on the emulator only (a GPU device
// gives "cannot run": the sandboxed check opens the emulator for these).
Verdict check_host_submission(const Exercise& exercise, std::string_view source, Device& device, CheckEvidence* evidence,
                              const std::function<void()>& before_run, const std::function<void(int)>& on_test);

// The words for a cudaError_t's number: "cudaErrorInvalidConfiguration (“invalid configuration argument”)".
Message cuda_error_words(int error);

}  // namespace cudalab::lessons::exercises
