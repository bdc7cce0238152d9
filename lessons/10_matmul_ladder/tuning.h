#pragma once
// Which compiled instance each rung of the ladder uses on this GPU: what `cudalab bench matmul
// --tune` chose and saved, or each rung's default shape (untuned_kernel). The chapter's steps and
// the bench both read it, so what a step shows is what the tuner picked.
#include <filesystem>
#include <map>
#include <span>
#include <string>

#include "cudalab/device.h"
#include "ladder.h"

namespace cudalab::lessons::ladder {

struct LadderChoice {
  std::map<Rung, const LadderKernel*> kernels;
  std::string source;  // in words: "tuned on NVIDIA H200 at n = 4096 (FILE)" / "each rung's default shape (...)"
  bool tuned = false;  // the file was read and made for this device
  const LadderKernel* of(Rung rung) const;
};

// One instance the tuner timed, and its speed.
struct TimedInstance {
  const LadderKernel* kernel = nullptr;
  double tflops = 0;
};
// The tuner's pick for one rung among its timed instances: the fastest of those that round their
// inputs to TF32 when any does (rounding is the rung's default accuracy; truncation is a shortcut
// the bench shows beside it, not a choice made for the class), the fastest of all otherwise.
// Null when `timed` is empty.
const LadderKernel* tuned_pick(std::span<const TimedInstance> timed);

// A rung's shape before tuning: its first instance, except where a faster one that not every GPU
// can hold fits this one (rung 7's 128 × 256 tiles), so a class's first run is near the tuned one.
const LadderKernel* untuned_kernel(const Device& device, Rung rung);

// $XDG_CACHE_HOME/cudalab/matmul_ladder_tuning.json, or ~/.cache/cudalab/... when it is unset.
std::filesystem::path default_ladder_tuning_path();

// The choice saved at `path` when it was tuned on a device of this name; the defaults otherwise.
LadderChoice load_ladder_choice(const Device& device, const std::filesystem::path& path);

}  // namespace cudalab::lessons::ladder
