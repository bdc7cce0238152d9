#pragma once
// The status bar's words for the backend, written for a room rather than a developer: "No NVIDIA
// GPU found — running on the CPU emulator", with the technical reason (the CUDA error) kept for the
// tooltip. `cudalab devices` prints the same reason.
#include <string>

#include "cudalab/device_facts.h"

namespace cudalab::app {

struct BackendWords {
  std::string label;   // one short line for the status bar
  std::string detail;  // the tooltip: device, workers, host, and why there is no GPU
};

BackendWords backend_words(const DeviceFacts& facts);

}  // namespace cudalab::app
