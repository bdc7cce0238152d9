#pragma once
// `cudalab bench emulator --steps`: every step of every chapter at its defaults, timed as the window
// runs it (in the worker, its round trip included), on the emulator unless another backend is
// asked for. A table; never an assert on time.
#include <iosfwd>

#include "cudalab/device.h"

namespace cudalab::app {

// Returns 0, 1 when a step failed (the table says which and why), 2 when no backend opened.
int run_step_bench(std::ostream& out, BackendRequest backend);

}  // namespace cudalab::app
