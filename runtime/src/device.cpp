// Device's own code, shared by both backends (the GPU backend library links it too: no emulator here).
#include <fmt/format.h>

#include "cudalab/device.h"
#include "cudalab/message_format.h"

namespace cudalab {

Status Device::check_stream(int stream) {
  if (stream >= 0 && stream <= kLastStream) return Status::success();
  return Status::error(StatusCode::invalid_argument,
                       message("streams are numbered 0 to {}; you asked for stream {}", kLastStream, stream));
}

}  // namespace cudalab
