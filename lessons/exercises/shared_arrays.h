#pragma once
// For the race detector on the emulator: rewrites a student's `__shared__ T name[A][B];`
// declarations into the probe's observable wrapper (shared_probe.cuh), on the same lines, so that
// compiler messages and the lines a race names stay the student's. A declaration the wrapper would
// change the meaning of, or that it cannot express, is left as it is (that array is not checked).
#include <string>
#include <string_view>
#include <vector>

namespace cudalab::lessons::exercises {

struct InstrumentedSource {
  std::string text;                  // the source with the wrapped declarations
  std::vector<std::string> arrays;   // the wrapped arrays, in declaration order (their Label ids)
};

InstrumentedSource instrument_shared_arrays(std::string_view source);

}  // namespace cudalab::lessons::exercises
