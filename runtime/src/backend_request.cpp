#include "cudalab/backend_request.h"

namespace cudalab {

BackendRequest backend_request_named(std::string_view name) {
  if (name == "gpu") return BackendRequest::gpu;
  if (name == "emu") return BackendRequest::emulator;
  return BackendRequest::automatic;
}

const char* backend_name(BackendRequest request) {
  switch (request) {
    case BackendRequest::gpu: return "gpu";
    case BackendRequest::emulator: return "emu";
    case BackendRequest::automatic: break;
  }
  return "auto";
}

}  // namespace cudalab
