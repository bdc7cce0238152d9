// The CUDA backend's two entry points in a build made without the CUDA toolkit (CUDALAB_GPU off):
// there is no GPU backend to open, and every place that asks says so in the same words.
#include "cudalab/device_facts.h"
#include "src/backends.h"

namespace cudalab {
namespace {

constexpr const char* kNotBuilt =
    "this CUDA Lab was built without the CUDA toolkit, so it has no GPU backend: install the CUDA "
    "Toolkit 13 and build again to use an NVIDIA GPU";

}  // namespace

std::vector<DeviceFacts> query_cuda_devices(std::string* why_none) {
  if (why_none != nullptr) *why_none = kNotBuilt;
  return {};
}

Status make_cuda_device(int, std::unique_ptr<Device>*) {
  return Status::error(StatusCode::no_device, kNotBuilt);
}

}  // namespace cudalab
