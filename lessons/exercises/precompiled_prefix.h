#pragma once
// The emulator's exercise prefix (exercise_prefix.cuh), precompiled by the build into
// <data>/jit/ beside a stamp of everything it was made from (cmake/ExercisePrefix.cmake). A check
// uses that folder only when its stamp is this executable's: a data folder from another build (its
// probe laid out otherwise) is never mixed with this one's checker.
#include <filesystem>
#include <string>

namespace cudalab::lessons::exercises {

// Where the precompiled prefix may be (the worker sets <data>/jit at start; unset: none).
void use_precompiled_prefix(const std::filesystem::path& folder);

// The folder to search first when compiling a check, or "" when there is none or its stamp is not
// this build's. Read once per folder.
std::string precompiled_prefix_folder();

// The race detector's steps (race_runtime.cuh) compiled beside the prefix, to link into a check's
// object, or "" when the folder has none (then the check's unit includes them). Read once per folder.
std::string precompiled_race_steps();

// The stamp this build made (generated: exercise_prefix_stamp.cpp).
const char* exercise_prefix_stamp();

}  // namespace cudalab::lessons::exercises
