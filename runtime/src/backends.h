#pragma once
// Constructors of the two backends, for open_device() (runtime-internal).
#include <memory>
#include <string>

#include "cudalab/device.h"

namespace cudalab {

// The CPU emulator with `workers` worker threads (0 = one per core). `why_no_gpu` goes into its
// facts (DeviceFacts::why_no_gpu) so every label says why the emulator is the one running.
std::unique_ptr<Device> make_emulator_device(int workers, Message why_no_gpu);
// CUDA device `index`, through the GPU backend library (gpu_backend.cpp); fails in words when there
// is no such device, or no backend.
Status make_cuda_device(int index, std::unique_ptr<Device>* out);

}  // namespace cudalab
