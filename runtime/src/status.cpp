#include "cudalab/status.h"

namespace cudalab {

const char* to_string(StatusCode code) {
  switch (code) {
    case StatusCode::ok: return "ok";
    case StatusCode::invalid_config: return "invalid launch configuration";
    case StatusCode::invalid_argument: return "invalid argument";
    case StatusCode::out_of_memory: return "out of memory";
    case StatusCode::no_device: return "no device";
    case StatusCode::launch_failed: return "launch failed";
    case StatusCode::kernel_fault: return "kernel fault";
    case StatusCode::divergent_barrier: return "divergent barrier";
    case StatusCode::timeout: return "timeout";
    case StatusCode::unsupported: return "unsupported";
    case StatusCode::io_error: return "file error";
    case StatusCode::cancelled: return "cancelled";
    case StatusCode::internal: return "internal error";
  }
  return "unknown";
}

std::string Status::describe() const {
  if (ok()) return "ok";
  std::string text = message.empty() ? to_string(code) : message;
  if (!expression.empty() || !file.empty()) {
    text += " (";
    if (!expression.empty()) text += expression;
    if (!file.empty()) {
      if (!expression.empty()) text += " at ";
      // Only the file name: full build paths say nothing to a student.
      auto slash = file.find_last_of('/');
      text += (slash == std::string::npos ? file : file.substr(slash + 1)) + ":" + std::to_string(line);
    }
    text += ")";
  }
  if (device_was_reset) text += " — the GPU was reset; data on it was lost";
  return text;
}

}  // namespace cudalab
