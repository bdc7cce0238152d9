#pragma once
// Runtime-internal: the facts of the CUDA devices, as the GPU backend gives them to the executable
// (cudalab::query_cuda_devices, runtime/src/gpu_backend.cpp).
#include <string>
#include <vector>

#include "cudalab/device_facts.h"

namespace cudalab::cuda {
// Facts of every CUDA device, or none with the reason in `why_none` ("no NVIDIA driver found").
std::vector<DeviceFacts> query_devices(Message* why_none);
Status read_device_facts(int index, DeviceFacts* out);
}
