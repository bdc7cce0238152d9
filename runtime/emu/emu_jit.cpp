// The emulator's JIT (jit.h): the host C++ compiler turns a kernel's text plus the emulation
// headers into a shared object, loaded into this process; its kernel calls back into the engine
// here (tls_context, syncthreads, printf…), which the executable exports for that.
#include <dlfcn.h>
#include <stdlib.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "cudalab/jit.h"
#include "cudalab/program_text.h"
#include "cudalab/emu/runtime_engine.h"
#include "cudalab/emu/sync_epoch.h"
#include "cudalab/emu/warp_call.h"
#include "cudalab/message_format.h"
#include "emu/emu_device.h"
#include "emu/host_imports.h"
#include "src/embedded_headers.h"
#include "cudalab/subprocess.h"

namespace cudalab::emu {
namespace {

// What `#include <mma.h>` means on the emulator: the names, each refused where it is used.
constexpr std::string_view kRefusedWmma = R"(#pragma once
namespace nvcuda {
namespace wmma {
template <class>
constexpr bool cudalab_false = false;
template <class T>
struct cudalab_refused {
  static_assert(cudalab_false<T>, "nvcuda::wmma (tensor cores) runs only on a GPU; the emulator cannot run it");
};
struct matrix_a;
struct matrix_b;
struct accumulator;
struct row_major;
struct col_major;
namespace precision {
struct tf32;
struct b1;
struct s4;
struct u4;
}  // namespace precision
enum layout_t { mem_row_major, mem_col_major };
template <class Use, int M, int N, int K, class T, class Layout = void>
struct fragment : cudalab_refused<Use> {};
template <class... A> void fill_fragment(A&&...) { cudalab_refused<void(A...)>(); }
template <class... A> void load_matrix_sync(A&&...) { cudalab_refused<void(A...)>(); }
template <class... A> void store_matrix_sync(A&&...) { cudalab_refused<void(A...)>(); }
template <class... A> void mma_sync(A&&...) { cudalab_refused<void(A...)>(); }
template <class T> float __float_to_tf32(T) { return cudalab_refused<T>(), 0.0f; }
}  // namespace wmma
}  // namespace nvcuda
)";


namespace fs = std::filesystem;
using EntryFn = void (*)(void** args);

class EmuJitKernel final : public JitKernel {
 public:
  EmuJitKernel(std::string name, EntryFn entry) : name_(std::move(name)), entry_fn_(entry) { entry_.name = name_.c_str(); }
  const KernelEntry& entry() const override { return entry_; }
  EmuInvocation emu_invocation(const std::vector<std::vector<std::byte>>& args) const override {
    struct Packed {
      EntryFn fn;
      std::vector<std::vector<std::byte>> values;
      std::vector<void*> pointers;
    };
    auto packed = std::make_shared<Packed>(Packed{entry_fn_, args, {}});
    for (auto& bytes : packed->values) packed->pointers.push_back(bytes.data());
    return EmuInvocation{packed, [](const void* p) {
                           auto* pk = static_cast<Packed*>(const_cast<void*>(p));
                           pk->fn(pk->pointers.data());
                         }};
  }

 private:
  std::string name_;
  EntryFn entry_fn_;
  KernelEntry entry_;
};

// $CUDALAB_CXX, else $CXX, else the first of c++, g++, clang++ on $PATH.
std::string host_compiler() {
  for (const char* variable : {"CUDALAB_CXX", "CXX"})
    if (const char* value = std::getenv(variable); value != nullptr && *value != '\0') {
      const std::string found = find_in_path({value});
      if (!found.empty()) return found;
    }
  return find_in_path({"c++", "g++", "clang++"});
}

// A private folder for one compile; removed when done (the loaded object stays mapped).
struct ScratchDir {
  fs::path path;
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "cudalab-jit-XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) path = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    if (!path.empty()) fs::remove_all(path, ignored);
  }
};

bool write_file(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

}  // namespace

namespace {

// Compiles `unit` (with `source`'s headers and objects) into a shared object and loads it. A
// kernel's imports are held to what device code may call and it may run nothing when loaded; a
// whole program's to what cudalab exec runs (host_imports.h), and its static constructors run when
// it is loaded, after `before_load` (the sandbox's seal).
Status build_and_load(const JitSource& source, const std::string& unit, bool program, JitOutput* out,
                      double time_limit_seconds, void** handle) {
  const auto started = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(); };
  const std::string compiler = host_compiler();
  if (compiler.empty())
    return Status::error(
        StatusCode::unsupported,
        message("no C++ compiler found (looked for $CUDALAB_CXX, $CXX, c++, g++ and clang++ on PATH): the "
                "emulator compiles your kernel with one. Install g++ (sudo apt install g++)"));
  ScratchDir scratch;
  if (scratch.path.empty())
    return Status::error(StatusCode::io_error,
                         message("could not create a scratch folder in {}", as_is(fs::temp_directory_path().string())));
  for (const auto& [name, text] : source.headers)
    if (name.find('/') != std::string::npos || !write_file(scratch.path / name, text))
      return Status::error(StatusCode::io_error, message("could not write header {}", as_is(name)));
  std::error_code made;
  fs::create_directories(scratch.path / "include/cudalab/emu", made);
  for (const auto& [name, text] : embedded_emulation_headers())
    if (!write_file(scratch.path / "include" / std::string(name), std::string(text)))
      return Status::error(StatusCode::io_error, message("could not write {}", as_is(name)));
  const fs::path unit_file = scratch.path / "kernel.cpp";
  const fs::path object_file = scratch.path / "kernel.so";
  if (!write_file(unit_file, unit))
    return Status::error(StatusCode::io_error, message("could not write {}", as_is(unit_file.string())));

  std::vector<std::string> argv = emu_jit_code_flags(compiler);
  argv.insert(argv.begin(), compiler);
  // -pipe: the assembly goes to `as` through a pipe, not a temporary file.
  argv.insert(argv.end(), {"-shared", "-pipe", "-w", "-fdiagnostics-color=never"});
  // g++ links a shared object with -lstdc++ -lm -lgcc_s -lc -lgcc_s; reading libstdc++'s and libm's
  // symbol tables was half of ld's time (#32: 31 -> 15 ms). They are left out: whatever the kernel
  // takes from them stays an undefined symbol of the same name (the imports allowed or refused are
  // the same, host_imports.h), bound when loaded to this process's own libstdc++ and libm, which
  // every C++ executable has. The rest (crt files, libgcc_s, libc with its static part) as g++ has it.
  const bool gnu_link = compiler.find("clang") == std::string::npos;
  if (gnu_link) argv.push_back("-nodefaultlibs");
  for (const std::string& folder : source.include_first) argv.push_back("-I" + folder);
  argv.insert(argv.end(), {"-I" + scratch.path.string(), "-I" + (scratch.path / "include").string(), unit_file.string()});
  argv.insert(argv.end(), source.objects.begin(), source.objects.end());
  if (gnu_link) argv.insert(argv.end(), {"-lgcc_s", "-lc", "-lgcc_s"});
  argv.insert(argv.end(), {"-o", object_file.string()});
  const ProcessResult compiled = run_process(argv, time_limit_seconds);
  out->compiler = compiler;
  out->log = compiled.output;
  out->diagnostics = parse_compiler_messages(compiled.output);
  out->seconds = elapsed();
  if (!compiled.started) return Status::error(StatusCode::unsupported, compiled.output);
  if (compiled.timed_out)
    return Status::error(StatusCode::timeout,
                         message("the compiler did not finish within {:.0f} s", time_limit_seconds));
  if (compiled.exit_code != 0) {
    std::size_t errors = 0;
    for (const JitDiagnostic& d : out->diagnostics) errors += d.error ? 1 : 0;
    return Status::error(StatusCode::invalid_argument,
                         errors > 0 ? message("does not compile: {} error{}", errors, as_is(errors == 1 ? "" : "s"))
                                    : message("does not compile (see the compiler's log)"));
  }
  // Nothing of the student's runs before this: loading runs its static constructors.
  std::vector<std::string> imports;
  std::string unreadable;
  if (!imported_symbols(object_file.string(), &imports, &unreadable))
    return Status::error(StatusCode::invalid_argument, message("does not link: {}", unreadable));
  // CUDALAB_UNSAFE_HOST_CALLS=1 (the teacher's environment, never a submission's) lets host code
  // and code that runs at load time through, so that the sandbox behind this check can be tested
  // with attacks that need them.
  const char* unsafe = std::getenv("CUDALAB_UNSAFE_HOST_CALLS");
  if (unsafe == nullptr || std::string_view(unsafe) != "1") {
    if (Message refused = program ? refuse_program_imports(imports) : refuse_host_imports(imports); !refused.empty())
      return Status::error(StatusCode::invalid_argument, message("does not link: {}", std::move(refused)));
    if (!program)
      if (Message refused = refuse_load_time_code(object_file.string()); !refused.empty())
        return Status::error(StatusCode::invalid_argument, message("does not link: {}", std::move(refused)));
  }
  if (source.before_load) source.before_load();
  *handle = dlopen(object_file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (*handle == nullptr) {
    const std::string why = dlerror();
    const bool dynamic_shared = !program && source.text.find("extern __shared__") != std::string::npos;
    return Status::error(StatusCode::invalid_argument,
                         dynamic_shared
                             ? message("does not link: `extern __shared__` arrays are not supported in compiled "
                                       "exercises on the emulator; use a fixed-size __shared__ array ({})",
                                       as_is(why))
                             : message("does not link: {}", as_is(why)));
  }
  // Never dlclose: the object may have registered arrays with the engine, and work queued on
  // other threads may still run its code; a compile leaves a few hundred KiB mapped.
  out->seconds = elapsed();
  return Status::success();
}

class EmuJitProgram final : public JitProgram {
 public:
  explicit EmuJitProgram(void* handle) : handle_(handle) {
    // What a program's kernels call in the engine (host_imports.cpp, kEngine): named here, so that
    // an executable that compiles programs keeps them all, even those its own code never calls.
    static void* const engine[] = {reinterpret_cast<void*>(&syncthreads), reinterpret_cast<void*>(&syncthreads_count),
                                   reinterpret_cast<void*>(&print_captured), reinterpret_cast<void*>(&clock_ns),
                                   reinterpret_cast<void*>(&trap), reinterpret_cast<void*>(&assert_fail),
                                   reinterpret_cast<void*>(&sync_point), reinterpret_cast<void*>(&warp_meet),
                                   reinterpret_cast<void*>(&warp_op_name), reinterpret_cast<void*>(&register_dynamic_shared),
                                   reinterpret_cast<void*>(&rt::dynamic_shared)};
    asm volatile("" : : "r"(engine) : "memory");
  }
  void* symbol(const char* name) const override { return dlsym(handle_, name); }

 private:
  void* handle_;
};

}  // namespace

Status EmuDevice::compile(const JitSource& source, std::unique_ptr<JitKernel>* kernel, JitOutput* out,
                          double time_limit_seconds) {
  const std::string unit = source.text + "\n\nextern \"C\" void cudalab_jit_entry(void** args) {\n" +
                           source.emu_entry_body + "\n}\n";
  void* handle = nullptr;
  CUDALAB_RETURN_IF_ERROR(build_and_load(source, unit, /*program=*/false, out, time_limit_seconds, &handle));
  auto entry = reinterpret_cast<EntryFn>(dlsym(handle, "cudalab_jit_entry"));
  if (entry == nullptr) return Status::error(StatusCode::internal, message("the compiled kernel has no entry point"));
  *kernel = std::make_unique<EmuJitKernel>(source.kernel_name, entry);
  return Status::success();
}

Status compile_program_for_emulator(const JitSource& source, std::unique_ptr<JitProgram>* program, JitOutput* out,
                                    double time_limit_seconds) {
  const ProgramText rewritten = rewrite_for_emulator(source.text);
  if (!rewritten.problem.empty())
    return Status::error(StatusCode::invalid_argument, message("does not compile: {}", rewritten.problem));
  JitSource with_headers = source;
  // The program's own headers are CUDA too.
  for (auto& [name, text] : with_headers.headers) {
    ProgramText header = rewrite_for_emulator(text);
    if (!header.problem.empty())
      return Status::error(StatusCode::invalid_argument, message("does not compile: {}: {}", as_is(name), header.problem));
    text = "#line 1 \"" + name + "\"\n" + header.text;
  }
  // What a CUDA program includes for the runtime: the emulated one (cudalab/emu/program.h). What
  // exists only on a GPU stops the compile with its reason, at the program's #include line.
  for (const char* name : {"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "device_launch_parameters.h"})
    with_headers.headers.emplace_back(name, "#pragma once\n#include \"cudalab/emu/program.h\"\n");
  with_headers.headers.emplace_back("cuda_fp16.h", "#pragma once\n#include \"cudalab/emu/half.h\"\n");
  // <mma.h> declares nvcuda::wmma, and each use of it stops the compile with its reason at that
  // line: a program that uses it only under `#if __CUDA_ARCH__ >= 800` (chapter 10's rung 6, which
  // asks the device's compute capability before launching) compiles and runs its other parts.
  with_headers.headers.emplace_back("mma.h", std::string(kRefusedWmma));
  for (const auto& [name, what] : {std::pair{"cublas_v2.h", "cuBLAS"},
                                   {"cublas.h", "cuBLAS"}, {"curand.h", "cuRAND"}, {"cufft.h", "cuFFT"},
                                   {"cooperative_groups.h", "cooperative groups"},
                                   {"cuda_pipeline.h", "cp.async pipelines"}})
    with_headers.headers.emplace_back(
          name, fmt::format("#error \"{} runs only on a GPU: the emulator cannot run a program that includes <{}>\"\n", what, name));
  std::string quoted_name;
  for (char c : source.file_name) quoted_name += c == '"' || c == '\\' || c == '\n' ? '_' : c;
  // A checked file (one with the check's entry) gets no inline assembly at all: a system call in it
  // would show in no import (host_imports.h). A program run by `cudalab exec` keeps it, for the
  // system headers that declare with __asm__; its clock reads were rewritten above, and the
  // sandbox is the wall behind.
  const std::string poison = source.emu_entry_body.empty() ? "" : "#pragma GCC poison asm __asm__ __asm\n";
  std::string unit =
      "#include \"cudalab/emu/program.h\"\n" + poison + "#line 1 \"" + quoted_name + "\"\n" + rewritten.text + "\n";
  if (!source.emu_entry_body.empty())
    unit += "#line 1 \"cudalab-entry\"\nextern \"C\" int cudalab_host_entry(void** args) {\n" + source.emu_entry_body + "\n}\n";
  void* handle = nullptr;
  CUDALAB_RETURN_IF_ERROR(build_and_load(with_headers, unit, /*program=*/true, out, time_limit_seconds, &handle));
  *program = std::make_unique<EmuJitProgram>(handle);
  return Status::success();
}

}  // namespace cudalab::emu

namespace cudalab {

Status compile_program(const Device& device, const JitSource& source, std::unique_ptr<JitProgram>* program,
                       JitOutput* out, double time_limit_seconds) {
  if (device.is_gpu())
    return Status::error(StatusCode::unsupported,
                         message("a whole program runs on the emulator here; on a GPU machine build it with nvcc"));
  return emu::compile_program_for_emulator(source, program, out, time_limit_seconds);
}

std::vector<std::string> emu_jit_code_flags(const std::string& compiler) {
  // -fno-plt: calls out of the kernel (the engine's sync_point for every checked access,
  // __tls_get_addr for every thread-local) go through the GOT, not a PLT stub: the object is loaded
  // with RTLD_NOW, bound before it runs either way. matmul_tiled's run: -12% (#32).
  std::vector<std::string> flags{"-std=c++20", "-O1", "-fPIC", "-fno-plt"};
  // Block-scope extern thread_local in templates: see runtime/CMakeLists.txt (g++ only flag).
  if (compiler.find("clang") == std::string::npos) flags.push_back("-fno-extern-tls-init");
  // A local variable read before it is written holds whatever the stack held, so a kernel that
  // forgets to initialise its sum passed or failed by the build's luck. Filled with a pattern
  // (g++ 12, clang 8 and later), such a kernel fails every time, as a GPU's garbage would.
  flags.push_back("-ftrivial-auto-var-init=pattern");
  return flags;
}

}  // namespace cudalab
