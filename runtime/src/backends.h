#pragma once
// Constructors of the two backends, for open_device() (runtime-internal).
#include <memory>

#include "cudalab/device.h"

namespace cudalab {

// The CPU emulator with `workers` worker threads (0 = one per core).
std::unique_ptr<Device> make_emulator_device(int workers);
// CUDA device `index`; fails with the CUDA error in words when there is none.
Status make_cuda_device(int index, std::unique_ptr<Device>* out);

}  // namespace cudalab
