// Libraries that look like a GPU backend but are not this build's (gpu_backend_test.cpp): one with
// another build id, one of another table layout (FAKE_OTHER_LAYOUT), and, without FAKE_ENTRY,
// one with no entry at all.
#include "src/gpu_backend_abi.h"

#if defined(FAKE_ENTRY)
namespace {
// Working entry points, so that only the build id (or the layout) can be why it is refused.
std::vector<cudalab::DeviceFacts> query_devices(cudalab::Message* why_none) {
  if (why_none != nullptr) *why_none = {};
  return {};
}
cudalab::Status make_device(int, std::unique_ptr<cudalab::Device>*) { return cudalab::Status::success(); }
}  // namespace

extern "C" __attribute__((visibility("default"))) const cudalab::gpu_backend::Table* cudalab_gpu_backend() {
  static cudalab::gpu_backend::Table table{cudalab::gpu_backend::kAbiVersion, "", &query_devices, &make_device};
#if defined(FAKE_OTHER_LAYOUT)
  table.abi_version = cudalab::gpu_backend::kAbiVersion + 1;
#endif
  table.build_id = "0000000000000000000000000000000000000000000000000000000000000000";
  return &table;
}
#else
extern "C" __attribute__((visibility("default"))) int cudalab_something_else() { return 0; }
#endif
