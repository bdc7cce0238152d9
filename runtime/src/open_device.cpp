#include <fmt/format.h>

#include "backends.h"
#include "cudalab/device.h"
#include "cudalab/message_format.h"

namespace cudalab {

std::vector<BackendChoice> list_backends() {
  std::vector<BackendChoice> choices;
  Message why_none;
  for (const DeviceFacts& gpu : query_cuda_devices(&why_none))
    choices.push_back({gpu, fmt::format("gpu:{}", gpu.index)});
  DeviceFacts emu = emulator_facts();
  emu.why_no_gpu = choices.empty() ? why_none : Message{};  // empty: chosen by you
  choices.push_back({emu, "emu"});
  return choices;
}

Status open_device(BackendRequest request, std::unique_ptr<Device>* out, int gpu_index, int emulator_workers) {
  Message why_none;
  if (request != BackendRequest::emulator) {
    std::vector<DeviceFacts> gpus = query_cuda_devices(&why_none);
    if (!gpus.empty()) {
      if (gpu_index < 0 || gpu_index >= static_cast<int>(gpus.size()))
        return Status::error(StatusCode::no_device, message("there is no GPU {}; this machine has {} (0 to {})",
                                                            gpu_index, gpus.size(), gpus.size() - 1));
      return make_cuda_device(gpu_index, out);
    }
    if (request == BackendRequest::gpu)
      return Status::error(StatusCode::no_device, message("no CUDA GPU can be used: {}", why_none));
  }
  // The emulator says why it is the one running: the student must never mistake it for a GPU.
  *out = make_emulator_device(emulator_workers, request == BackendRequest::emulator ? Message{} : why_none);
  return Status::success();
}

}  // namespace cudalab
