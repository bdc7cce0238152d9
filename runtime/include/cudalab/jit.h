#pragma once
// Kernels compiled while the app runs (a student's exercise): one translation unit of CUDA C++
// text in, a launchable kernel out, on either backend.
//   GPU       NVRTC (libnvrtc, loaded at run time like cuBLAS) makes a cubin for this device;
//             the runtime API loads it (cudaLibraryLoadData) and launches its cudaKernel_t.
//   emulator  the host C++ compiler found at run time compiles the text with the emulation
//             headers (embedded in the executable, written beside the text) into a shared object that this process loads; the object calls back into
//             the emulator engine of this executable (which exports its symbols for that).
// Compiler messages come back as diagnostics at the lines of the file the text names with
// `#line`, so a student sees their own line numbers, never a generated file's.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "cudalab/device.h"
#include "cudalab/status.h"

namespace cudalab {

struct JitDiagnostic {
  std::string file;  // as the compiler named it (the `#line` file name, when the line is there)
  int line = 0;      // 1-based; 0 when the message names no line
  int column = 0;    // 1-based; 0 when unknown
  bool error = true; // false: a warning
  std::string message;
};

struct JitSource {
  std::string text;         // the whole translation unit
  std::string kernel_name;  // the __global__ function to look up (its C++ name, not mangled)
  // Headers the text includes by name ("probe.cuh" → its text): given to NVRTC in memory, written
  // beside the text for the host compiler.
  std::vector<std::pair<std::string, std::string>> headers;
  // Emulator only: the body of `extern "C" void cudalab_jit_entry(void** args)`, which calls the
  // kernel with its arguments (the caller knows the parameter types, the runtime does not).
  std::string emu_entry_body;
  // Emulator only: called after the compiler and before the object is loaded, which runs its
  // static constructors — the first moment the compiled code can do anything (a sandbox seals
  // itself here; app/sandbox).
  std::function<void()> before_load;
  // Emulator only: folders the host compiler searches before the scratch folder the headers above
  // are written to — where a header the text includes is found precompiled (its .gch beside it).
  std::vector<std::string> include_first;
  // Emulator only: object files linked into the kernel's shared object after the text's own, made
  // ahead of time with the same options (the exercise race detector's steps, compiled beside the
  // precompiled prefix).
  std::vector<std::string> objects;
  // compile_program only: the name compiler messages give the program's file ("vector_add.cu").
  std::string file_name = "program.cu";
};

struct JitOutput {
  std::vector<JitDiagnostic> diagnostics;
  std::string log;       // the compiler's whole output, for "show the full log"
  std::string compiler;  // what compiled it, in words: "NVRTC 13.0 for sm_90", "g++ (/usr/bin/c++)"
  double seconds = 0;    // compile time, wall clock
};

// One compiled kernel; it stays loaded while this object lives.
class JitKernel {
 public:
  virtual ~JitKernel() = default;
  virtual const KernelEntry& entry() const = 0;
  // Arguments packed for the emulator: `args[i]` points at argument i's bytes, which the
  // invocation copies (launches are asynchronous).
  virtual EmuInvocation emu_invocation(const std::vector<std::vector<std::byte>>& args) const = 0;
};

// Compiles `source` for `device`. A compile error is a Status (invalid_argument, "does not
// compile: …") with the diagnostics in `out`; a missing compiler or NVRTC is `unsupported`, in words.
// `time_limit_seconds` bounds the host compiler (a pathological template can take minutes).
Status compile_kernel(Device& device, const JitSource& source, std::unique_ptr<JitKernel>* kernel,
                      JitOutput* out, double time_limit_seconds = 30);

// A whole CUDA program compiled for the emulator (`cudalab exec`, host-code exercises): `text` is
// the program, named `file_name` in compiler messages, rewritten by program_text.h and
// compiled after cudalab/emu/program.h; kernel_name is not used, and emu_entry_body, when given, is
// the body of `extern "C" int cudalab_host_entry(void** args)` after the program (file
// "cudalab-entry" in compiler messages): a check's call of the student's host function. Its runtime
// calls reach the device bound with emulated_runtime::bind (cudalab/emulated_runtime.h). It stays
// loaded while the process lives.
class JitProgram {
 public:
  virtual ~JitProgram() = default;
  // The program's own function or variable (a mangled C++ name, or an extern "C" one); nullptr if none.
  virtual void* symbol(const char* name) const = 0;
};
// On a GPU device: `unsupported`, in words (a GPU runs a program built by nvcc).
Status compile_program(const Device& device, const JitSource& source, std::unique_ptr<JitProgram>* program,
                       JitOutput* out, double time_limit_seconds = 30);

// Launches a compiled kernel; `args[i]` holds argument i's bytes as the kernel takes it.
Status launch_compiled(Device& device, const JitKernel& kernel, const LaunchConfig& config,
                       const std::vector<std::vector<std::byte>>& args);

// The host compiler's options that shape the emulator's code for a kernel compiled at run time
// (`compiler` is its path: g++ and clang++ differ). A header precompiled for these kernels must be
// made with the same ones, or the compiler ignores it (lessons/CMakeLists.txt, cmake/ExercisePrefix.cmake).
std::vector<std::string> emu_jit_code_flags(const std::string& compiler);

// Reads "file:line:column: error: message" (gcc, clang) and "file(line): error: message" (NVRTC)
// lines into diagnostics; other lines (notes without a place, "In function…") are left out.
std::vector<JitDiagnostic> parse_compiler_messages(const std::string& log);

}  // namespace cudalab
