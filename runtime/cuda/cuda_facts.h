#pragma once
// Runtime-internal: the facts of one CUDA device (query_cuda_devices() calls it for each).
#include "cudalab/device_facts.h"

namespace cudalab::cuda {
Status read_device_facts(int index, DeviceFacts* out);
}
