#include "shell/backend_words.h"

namespace cudalab::app {

BackendWords backend_words(const DeviceFacts& facts) {
  BackendWords words;
  const std::string host = facts.host_cpu.empty() ? "" : "\nHost: " + facts.host_cpu;
  if (facts.is_gpu()) {
    words.label = facts.label();
    words.detail = facts.name + " · " + facts.arch() + " · " + std::to_string(facts.sm_count) + " SMs" + host;
    return words;
  }
  const std::string workers = std::to_string(facts.sm_count) + (facts.sm_count == 1 ? " worker thread" : " worker threads");
  if (facts.why_no_gpu.empty()) {
    words.label = "Running on the CPU emulator (chosen in the backend menu)";
    words.detail = "CPU emulator · " + workers + host + "\nTimes shown are CPU times, not GPU times.";
  } else {
    words.label = "No NVIDIA GPU found — running on the CPU emulator";
    words.detail = "Why: " + facts.why_no_gpu + "\nCPU emulator · " + workers + host +
                   "\nTimes shown are CPU times, not GPU times. `cudalab devices` lists the backends.";
  }
  return words;
}

}  // namespace cudalab::app
