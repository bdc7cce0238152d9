#include "cudalab/gpu/kernel_table.h"

#include <string>
#include <unordered_map>

namespace cudalab::gpu {
namespace {

// Filled by the units' static initializers while the backend is loaded, read-only after that.
std::unordered_map<std::string, CompiledKernel>& table() {
  static std::unordered_map<std::string, CompiledKernel> kernels;
  return kernels;
}

}  // namespace

bool add_kernel(const char* (*key)(), const void* stub, const void* (*printf_slot)()) {
  table().try_emplace(key(), CompiledKernel{stub, printf_slot});
  return true;
}

const CompiledKernel* find_kernel(const char* key) {
  if (key == nullptr) return nullptr;
  const auto found = table().find(key);
  return found == table().end() ? nullptr : &found->second;
}

}  // namespace cudalab::gpu
