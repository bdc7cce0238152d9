#pragma once
// For the race detector and the bounds checks on the emulator: rewrites a student's
// `__shared__ T name[A][B];` declarations into the probe's observable wrapper (shared_probe.cuh),
// on the same lines, so that compiler messages and the lines a race names stay the student's.
// Several declarators become one statement each; `volatile` is dropped (it orders nothing);
// `extern __shared__ T name[];` becomes an array of no elements (an exercise's launch asks for no
// dynamic shared memory); a scalar becomes an array of one, each later use in its block `name[0]`.
// A declaration the wrapper would change the meaning of (`static`, a struct or vector type, a copy
// by `auto`, `sizeof` of a scalar), or that it cannot express, is left as it is (not checked).
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
