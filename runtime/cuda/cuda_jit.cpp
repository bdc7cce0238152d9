// The GPU's JIT (jit.h): NVRTC, loaded at run time like cuBLAS, compiles a kernel's text to a
// cubin for this device; the runtime API loads it as a library (cudaLibraryLoadData, CUDA 12+)
// and launches its cudaKernel_t through the usual cudaLaunchKernel. Nothing links libnvrtc or
// libcuda: without NVRTC the emulator still compiles, and the GPU says in words what is missing.
#include <cuda_runtime.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>

#include <fmt/format.h>

#include "cuda/cuda_check.h"
#include "cuda/cuda_device.h"
#include "cudalab/jit.h"
#include "cudalab/message_format.h"
#include "cudalab/toolkit_library.h"

namespace cudalab::cuda {
namespace {

// The few declarations of nvrtc.h used here (values as in nvrtc.h), so nothing links libnvrtc.
using NvrtcProgram = void*;
using NvrtcResult = int;
constexpr NvrtcResult kNvrtcSuccess = 0;

struct NvrtcApi {
  NvrtcResult (*create)(NvrtcProgram*, const char*, const char*, int, const char* const*, const char* const*) = nullptr;
  NvrtcResult (*destroy)(NvrtcProgram*) = nullptr;
  NvrtcResult (*compile)(NvrtcProgram, int, const char* const*) = nullptr;
  NvrtcResult (*log_size)(NvrtcProgram, std::size_t*) = nullptr;
  NvrtcResult (*log)(NvrtcProgram, char*) = nullptr;
  NvrtcResult (*cubin_size)(NvrtcProgram, std::size_t*) = nullptr;
  NvrtcResult (*cubin)(NvrtcProgram, char*) = nullptr;
  NvrtcResult (*add_name)(NvrtcProgram, const char*) = nullptr;
  NvrtcResult (*lowered_name)(NvrtcProgram, const char*, const char**) = nullptr;
  NvrtcResult (*version)(int*, int*) = nullptr;
  const char* (*error_string)(NvrtcResult) = nullptr;
  Message why_not;  // empty when loaded
  std::string version_text;
};

const NvrtcApi& nvrtc() {
  static const NvrtcApi api = [] {
    NvrtcApi loaded;
    const ToolkitLibrary library = open_toolkit_library({"libnvrtc.so.13", "libnvrtc.so.12", "libnvrtc.so"});
    if (library.handle == nullptr) {
      loaded.why_not = message(
          "NVRTC (libnvrtc.so.13) is not installed here, so kernels cannot be compiled for the GPU "
          "while the app runs; looked for {}. Install the CUDA toolkit's NVRTC, or check on the "
          "emulator",
          as_is(library.tried));
      return loaded;
    }
    void* h = library.handle;
    const bool all = find_symbol(h, "nvrtcCreateProgram", &loaded.create) && find_symbol(h, "nvrtcDestroyProgram", &loaded.destroy) &&
                     find_symbol(h, "nvrtcCompileProgram", &loaded.compile) && find_symbol(h, "nvrtcGetProgramLogSize", &loaded.log_size) &&
                     find_symbol(h, "nvrtcGetProgramLog", &loaded.log) && find_symbol(h, "nvrtcGetCUBINSize", &loaded.cubin_size) &&
                     find_symbol(h, "nvrtcGetCUBIN", &loaded.cubin) && find_symbol(h, "nvrtcAddNameExpression", &loaded.add_name) &&
                     find_symbol(h, "nvrtcGetLoweredName", &loaded.lowered_name) && find_symbol(h, "nvrtcVersion", &loaded.version) &&
                     find_symbol(h, "nvrtcGetErrorString", &loaded.error_string);
    if (!all) {
      loaded.why_not = message("{} lacks functions CUDA Lab calls (an unexpected NVRTC build)", as_is(library.path));
      return loaded;
    }
    int major = 0, minor = 0;
    loaded.version(&major, &minor);
    loaded.version_text = fmt::format("NVRTC {}.{}", major, minor);
    return loaded;
  }();
  return api;
}

class CudaJitKernel final : public JitKernel {
 public:
  CudaJitKernel(std::string name, cudaKernel_t kernel) : name_(std::move(name)) {
    entry_.name = name_.c_str();
    entry_.gpu_function = reinterpret_cast<const void*>(kernel);
  }
  // Its library is never unloaded (cudaLibraryUnload): after a device reset the handle belongs to
  // a context that is gone, and one small cubin per check is cheap to keep.
  const KernelEntry& entry() const override { return entry_; }
  EmuInvocation emu_invocation(const std::vector<std::vector<std::byte>>&) const override { return {}; }

 private:
  std::string name_;
  KernelEntry entry_;
};

// <cuda_fp16.h> and its kin are the toolkit's own headers, which NVRTC reads from the toolkit's
// include folder: the first of $CUDA_HOME, $CUDA_PATH and the usual places that has them.
const std::string& toolkit_include_option() {
  static const std::string option = [] {
    std::vector<std::string> roots;
    for (const char* variable : {"CUDA_HOME", "CUDA_PATH"})
      if (const char* root = std::getenv(variable); root != nullptr && *root != '\0') roots.emplace_back(root);
    for (const char* root : {"/usr/local/cuda", "/usr/local/cuda-13.0", "/usr/local/cuda/targets/x86_64-linux", "/opt/cuda"})
      roots.emplace_back(root);
    for (const std::string& root : roots) {
      std::error_code error;
      if (std::filesystem::exists(root + "/include/cuda_fp16.h", error)) return "--include-path=" + root + "/include";
    }
    return std::string();
  }();
  return option;
}

}  // namespace

Status CudaDevice::compile(const JitSource& source, std::unique_ptr<JitKernel>* kernel, JitOutput* out,
                           double time_limit_seconds) {
  (void)time_limit_seconds;  // NVRTC cannot be interrupted; the worker's time limit bounds it
  const auto started = std::chrono::steady_clock::now();
  const NvrtcApi& api = nvrtc();
  if (!api.why_not.empty()) return Status::error(StatusCode::unsupported, api.why_not);
  CUDALAB_RETURN_IF_ERROR(usable());
  const std::string arch = "--gpu-architecture=" + facts().arch();
  out->compiler = api.version_text + " for " + facts().arch();

  std::vector<const char*> header_texts, header_names;
  for (const auto& [name, text] : source.headers) {
    header_names.push_back(name.c_str());
    header_texts.push_back(text.c_str());
  }
  NvrtcProgram program = nullptr;
  NvrtcResult result = api.create(&program, source.text.c_str(), "kernel.cu", static_cast<int>(header_texts.size()),
                                  header_texts.data(), header_names.data());
  if (result != kNvrtcSuccess)
    return Status::error(StatusCode::internal, message("nvrtcCreateProgram: {}", as_is(api.error_string(result))));
  struct Destroy {
    const NvrtcApi& api;
    NvrtcProgram* program;
    ~Destroy() { api.destroy(program); }
  } destroy{api, &program};
  api.add_name(program, source.kernel_name.c_str());
  // Line info costs nothing at run time and lets compute-sanitizer (and Nsight) name the source
  // line of a kernel compiled here, at the lines its `#line` directive gives.
  std::vector<const char*> options{arch.c_str(), "--std=c++17", "--generate-line-info"};
  if (!toolkit_include_option().empty()) options.push_back(toolkit_include_option().c_str());
  const NvrtcResult compiled = api.compile(program, static_cast<int>(options.size()), options.data());
  std::size_t log_size = 0;
  api.log_size(program, &log_size);
  out->log.assign(log_size, '\0');
  if (log_size > 0) api.log(program, out->log.data());
  while (!out->log.empty() && out->log.back() == '\0') out->log.pop_back();
  out->diagnostics = parse_compiler_messages(out->log);
  out->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  if (compiled != kNvrtcSuccess) {
    std::size_t errors = 0;
    for (const JitDiagnostic& d : out->diagnostics) errors += d.error ? 1 : 0;
    return Status::error(StatusCode::invalid_argument,
                         errors > 0 ? message("does not compile: {} error{}", errors, as_is(errors == 1 ? "" : "s"))
                                    : message("does not compile: {}", as_is(api.error_string(compiled))));
  }
  const char* lowered = nullptr;
  if (api.lowered_name(program, source.kernel_name.c_str(), &lowered) != kNvrtcSuccess || lowered == nullptr)
    return Status::error(StatusCode::invalid_argument,
                         message("there is no __global__ function named {} in your file", as_is(source.kernel_name)));
  const std::string lowered_name = lowered;
  std::size_t cubin_size = 0;
  api.cubin_size(program, &cubin_size);
  std::string cubin(cubin_size, '\0');
  api.cubin(program, cubin.data());

  auto load = [&]() -> Status {
    CUDALAB_RETURN_IF_ERROR(select());
    cudaLibrary_t library = nullptr;
    CUDALAB_CUDA_TRY(cudaLibraryLoadData(&library, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
    cudaKernel_t loaded_kernel = nullptr;
    CUDALAB_CUDA_TRY(cudaLibraryGetKernel(&loaded_kernel, library, lowered_name.c_str()));
    *kernel = std::make_unique<CudaJitKernel>(source.kernel_name, loaded_kernel);
    return Status::success();
  };
  Status loaded = settle(load());
  out->seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return loaded;
}

}  // namespace cudalab::cuda
