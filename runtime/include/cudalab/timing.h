#pragma once
// A measured time always says how it was measured: a student must never mistake an emulator's
// CPU time for a GPU time.
#include <string>
#include <vector>

namespace cudalab {

enum class TimingSource {
  gpu_events,      // cudaEventElapsedTime on the device's stream
  emulator_clock,  // steady clock around the emulator's work: a CPU time, not a GPU time
  host_clock,      // steady clock on the host (CPU code, or host-observed latency)
};
const char* to_string(TimingSource source);  // "gpu-events" / "emulator-clock" / "host-clock"
// "GPU · CUDA events" / "CPU emulator · steady clock — not a GPU time" / "host · steady clock"
const char* describe(TimingSource source);

struct Timing {
  std::string label;          // "kernel", "copy in", ...
  double ms = 0;              // median when repeats > 1
  TimingSource source = TimingSource::host_clock;
  int repeats = 1;
  std::vector<double> samples_ms;  // every sample, when kept
};

// Median of samples (0 for none).
double median(std::vector<double> samples);

}  // namespace cudalab
