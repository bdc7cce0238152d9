#pragma once
// A student's file → a compiled kernel for `device`, or a verdict saying why not (empty file,
// junk, wrong signature, compiler errors at the student's own lines, no compiler).
#include <functional>
#include <memory>
#include <string_view>

#include "cudalab/jit.h"
#include "exercises/exercise.h"
#include "exercises/verdict.h"

namespace cudalab::lessons::exercises {

// The name compiler messages give the student's file.
inline constexpr std::string_view kStudentFileName = "student.cu";

// True when `source` cannot be given to a compiler (too large, binary, blank): the verdict says so.
bool unreadable(std::string_view source, Verdict* verdict);

// True with `kernel` set; false with the verdict filled in. `before_load` (optional) is called on
// the emulator once the compiler is done, before the compiled object is loaded (jit.h).
bool compile_submission(const Exercise& exercise, std::string_view source, Device& device, Verdict* verdict,
                        std::unique_ptr<JitKernel>* kernel, const std::function<void()>& before_load = {});

}  // namespace cudalab::lessons::exercises
