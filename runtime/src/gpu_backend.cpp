// The executable's side of the GPU backend: finding libcudalab-gpu.so, refusing one built from
// other sources, and the two entry points every other file uses (query_cuda_devices,
// make_cuda_device), which say in words why there is no GPU when there is no backend.
#include "cudalab/gpu_backend.h"

#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <vector>

#include <fmt/format.h>

#include "cudalab_gpu_build_id.h"
#include "src/backends.h"
#include "src/gpu_backend_abi.h"
#include "cudalab/message_format.h"

namespace cudalab {
namespace {

namespace fs = std::filesystem;

struct Loaded {
  GpuBackendState state;
  const gpu_backend::Table* table = nullptr;
};

std::mutex& choice_mutex() {
  static std::mutex m;
  return m;
}
std::string& chosen_path() {
  static std::string path;
  return path;
}
std::string chosen() {
  std::lock_guard lock(choice_mutex());
  return chosen_path();
}

fs::path executable_folder() {
  char path[4096];
  const ssize_t n = ::readlink("/proc/self/exe", path, sizeof path - 1);
  return n > 0 ? fs::path(std::string(path, static_cast<std::size_t>(n))).parent_path() : fs::path();
}

// Where to look, in order; `why_none` is set instead when the search itself is turned off.
std::vector<fs::path> candidates(Message* why_none) {
  if (const char* wanted = std::getenv("CUDALAB_GPU_BACKEND"); wanted != nullptr && *wanted != '\0') {
    if (std::string(wanted) == "none") {
      *why_none = message("the GPU backend is turned off here ({}={})", as_is("CUDALAB_GPU_BACKEND"), as_is("none"));
      return {};
    }
    return {fs::path(wanted)};
  }
  if (const std::string path = chosen(); !path.empty()) return {fs::path(path)};
  std::vector<fs::path> paths;
  if (const fs::path exe = executable_folder(); !exe.empty()) {
    paths.push_back(exe / gpu_backend::kFileName);
    paths.push_back((exe / ".." / CUDALAB_GPU_BACKEND_INSTALL_DIR / gpu_backend::kFileName).lexically_normal());
  }
  const fs::path built = fs::path(CUDALAB_GPU_BACKEND_BUILD_DIR) / gpu_backend::kFileName;
  if (std::find(paths.begin(), paths.end(), built) == paths.end()) paths.push_back(built);
  return paths;
}

// Opens `path` and checks that it is a backend of these very sources; the words say what is wrong.
const gpu_backend::Table* open_backend(const fs::path& path, Message* why_not) {
  void* handle = ::dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* error = ::dlerror();
    *why_not = message("the GPU backend {} could not be loaded: {}", as_is(path.string()),
                       as_is(error != nullptr ? error : "unknown error"));
    return nullptr;
  }
  // Kept open for the life of the process: devices and kernels of it may be in use anywhere.
  auto entry = reinterpret_cast<gpu_backend::EntryFn>(::dlsym(handle, gpu_backend::kEntryName));
  const gpu_backend::Table* table = entry != nullptr ? entry() : nullptr;
  if (table == nullptr) {
    *why_not = message("{} is not a CUDA Lab GPU backend (it has no {})", as_is(path.string()), as_is(gpu_backend::kEntryName));
    return nullptr;
  }
  if (table->abi_version != gpu_backend::kAbiVersion || table->build_id == nullptr ||
      std::string(table->build_id) != CUDALAB_GPU_BUILD_ID || table->query_devices == nullptr ||
      table->make_device == nullptr) {
    *why_not = message(
        "the GPU backend {} was built from other sources than this cudalab (build {}, this one {}): build or "
        "install both again",
        as_is(path.string()), table->abi_version == gpu_backend::kAbiVersion && table->build_id != nullptr
                           ? std::string(table->build_id).substr(0, 12)
                           : std::string("of another layout"),
        std::string(CUDALAB_GPU_BUILD_ID).substr(0, 12));
    return nullptr;
  }
  return table;
}

Loaded load() {
  Loaded loaded;
  if (!CUDALAB_GPU_BACKEND_BUILT && std::getenv("CUDALAB_GPU_BACKEND") == nullptr && chosen().empty()) {
    loaded.state.why_none =
        message("this CUDA Lab was built without the CUDA toolkit, so it has no GPU backend: install the CUDA Toolkit 13 "
                "and build again to use an NVIDIA GPU");
    return loaded;
  }
  Message why_none;
  std::vector<fs::path> paths = candidates(&why_none);
  std::string looked;
  for (const fs::path& path : paths) {
    std::error_code error;
    if (!fs::exists(path, error)) {
      looked += (looked.empty() ? "" : ", ") + path.string();
      continue;
    }
    loaded.table = open_backend(path, &why_none);
    if (loaded.table != nullptr) loaded.state.path = path.string();
    break;  // the first that exists is the one meant: a broken one is said, not skipped
  }
  if (loaded.table == nullptr && why_none.empty())
    why_none = message("this CUDA Lab's GPU backend ({}) is not installed; looked for {}", as_is(gpu_backend::kFileName),
                       as_is(looked));
  loaded.state.why_none = loaded.table == nullptr ? why_none : Message{};
  return loaded;
}

const Loaded& loaded() {
  static const Loaded once = load();
  return once;
}

}  // namespace

const GpuBackendState& gpu_backend_state() { return loaded().state; }

void use_gpu_backend(std::string path) {
  std::lock_guard lock(choice_mutex());
  chosen_path() = std::move(path);
}

std::vector<DeviceFacts> query_cuda_devices(Message* why_none) {
  const Loaded& backend = loaded();
  if (backend.table == nullptr) {
    if (why_none != nullptr) *why_none = backend.state.why_none;
    return {};
  }
  return backend.table->query_devices(why_none);
}

Status make_cuda_device(int index, std::unique_ptr<Device>* out) {
  const Loaded& backend = loaded();
  if (backend.table == nullptr) return Status::error(StatusCode::no_device, backend.state.why_none);
  return backend.table->make_device(index, out);
}

}  // namespace cudalab
