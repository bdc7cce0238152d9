#pragma once
// `cudalab bench latency`: what a slider costs, from the request to the Run and its pictures, for
// a few steps at their default values — run in this process (as before the worker) and through
// the warm worker process (as the app and `cudalab run` do now). Prints a table; never asserts.
#include <ostream>

#include "cudalab/device.h"

namespace cudalab::app {

int run_latency_bench(std::ostream& out, BackendRequest backend, int repeats);

}  // namespace cudalab::app
