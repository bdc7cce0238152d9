#pragma once
// `cudalab bench exercises`: edit → verdict latency, as a student meets it — a warm worker, the
// kernel changed a little before each check (nothing cached), the whole round trip timed, with
// the compile and run parts the verdict reports. Prints a table; never asserts on time.
#include <ostream>

#include "cudalab/device.h"

namespace cudalab::app {

int run_exercise_bench(std::ostream& out, BackendRequest backend, int repeats);

}  // namespace cudalab::app
