#include "cudalab/timing.h"

#include <algorithm>

namespace cudalab {

const char* to_string(TimingSource source) {
  switch (source) {
    case TimingSource::gpu_events: return "gpu-events";
    case TimingSource::emulator_clock: return "emulator-clock";
    case TimingSource::host_clock: return "host-clock";
  }
  return "host-clock";
}

const char* describe(TimingSource source) {
  switch (source) {
    case TimingSource::gpu_events: return "GPU · CUDA events";
    case TimingSource::emulator_clock: return "CPU emulator · steady clock — not a GPU time";
    case TimingSource::host_clock: return "host · steady clock";
  }
  return "host · steady clock";
}

double median(std::vector<double> samples) {
  if (samples.empty()) return 0;
  auto mid = samples.begin() + samples.size() / 2;
  std::nth_element(samples.begin(), mid, samples.end());
  if (samples.size() % 2) return *mid;
  double upper = *mid;
  double lower = *std::max_element(samples.begin(), mid);
  return (lower + upper) / 2;
}

}  // namespace cudalab
