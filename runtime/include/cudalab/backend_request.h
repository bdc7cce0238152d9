#pragma once
// A backend asked for by name, as `--backend=…` on the command line and the worker's `open`
// message spell it: "gpu", "emu" or "auto".
#include <string_view>

#include "cudalab/device.h"

namespace cudalab {

// "gpu" → gpu, "emu" → emulator; anything else ("auto", "") → automatic. Callers that must refuse
// other names check them first (the command line's `IsMember`).
BackendRequest backend_request_named(std::string_view name);
// The inverse: "gpu", "emu" or "auto".
const char* backend_name(BackendRequest request);

}  // namespace cudalab
