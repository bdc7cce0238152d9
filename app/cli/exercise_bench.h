#pragma once
// `cudalab bench exercises`: edit → verdict latency, as a student meets it — a fresh sandboxed
// worker per check (app/sandbox), beside a warm unsandboxed one for what the sandbox costs, the
// kernel changed a little before each check (nothing cached), the whole round trip timed, with
// the compile and run parts the verdict reports. Prints a table; never asserts on time.
#include <ostream>
#include <string>
#include <vector>

#include "cudalab/device.h"

namespace cudalab::app {

// `exercises`: the ids to time, in order (empty: guard, dot and matmul_tiled, chapters 2, 3 and 6).
int run_exercise_bench(std::ostream& out, BackendRequest backend, int repeats, const std::vector<std::string>& exercises = {});

}  // namespace cudalab::app
