// How many blocks one SM holds at once, asked of the device itself.
#include "launch_config_steps.h"

namespace cudalab::lessons::launch_config {

Status resident_blocks_per_sm(Device& device, const KernelEntry& kernel, int threads_per_block,
                              std::size_t dynamic_shared_bytes, int* blocks, std::string* source) {
  if (!device.is_gpu()) {
    *blocks = std::max(device.facts().max_blocks_per_sm, 1);
    *source = "emulator: one block per worker at a time";
    return Status::success();
  }
  *source = "cudaOccupancyMaxActiveBlocksPerMultiprocessor";
  return device.max_active_blocks_per_sm(kernel, threads_per_block, dynamic_shared_bytes, blocks);
}

}  // namespace cudalab::lessons::launch_config
