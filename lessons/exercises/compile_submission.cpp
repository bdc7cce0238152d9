#include "exercises/compile_submission.h"

#include <algorithm>
#include <cstdlib>
#include <regex>
#include <utility>

#include <fmt/format.h>

#include "exercises/checker.h"
#include "exercises/nvrtc_headers.h"
#include "exercises/pointer_copies.h"
#include "exercises/precompiled_prefix.h"
#include "exercises/shared_arrays.h"
#include "exercises/signature.h"

namespace cudalab::lessons::exercises {
namespace {

bool refuse(Verdict* verdict, VerdictKind kind, Message headline, Message detail = {}) {
  verdict->kind = kind;
  verdict->headline = std::move(headline);
  if (!detail.empty()) verdict->details.push_back(std::move(detail));
  return false;
}

}  // namespace

// Text a compiler cannot be asked to read: too large, binary, or nothing but blanks.
bool unreadable(std::string_view source, Verdict* verdict) {
  if (source.size() > kMaxSourceBytes)
    return !refuse(verdict, VerdictKind::does_not_compile,
                   message("Does not compile: the file has {} KiB; a kernel file has at most {} KiB", source.size() / 1024,
                           kMaxSourceBytes / 1024));
  if (std::all_of(source.begin(), source.end(), [](char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }))
    return !refuse(verdict, VerdictKind::does_not_compile, message("Does not compile: the file is empty"),
                   message("Start from the starter kernel (Reset to starter, or `cudalab exercise ID --starter`)."));
  if (source.find('\0') != std::string_view::npos)
    return !refuse(verdict, VerdictKind::does_not_compile, message("Does not compile: the file is not text (it contains NUL bytes)"));
  return false;
}

namespace {

// The compiler names the probe's stand-ins (probe.cuh) where the student wrote a pointer or an
// element: say the student's types instead ("‘cudalab_probe::ReadRef<float>’" is a `const float`).
std::string in_students_words(std::string message) {
  static const std::pair<std::regex, const char*> kNames[] = {
      {std::regex("cudalab_probe::RefFor<([^<>]+)>::type’ \\{aka ‘[^’]*’\\}"), "$1’"},
      {std::regex("cudalab_probe::RefFor<([^<>]+)>::type"), "$1"},
      {std::regex("cudalab_probe::ReadRef<([^<>]+)>"), "const $1"},
      {std::regex("cudalab_probe::WriteRef<([^<>]+)>"), "$1"},
      {std::regex("cudalab_probe::Ptr<([^<>]+)>"), "$1*"},
      {std::regex("cudalab_probe::SharedRef<([^<>,]+), [^’]*>"), "$1"},
      {std::regex("cudalab_probe::Shared(Row)?<([^<>,]+), [^’]*>"), "__shared__ $2[]"},
  };
  for (const auto& [pattern, words] : kNames) message = std::regex_replace(message, pattern, words);
  return message;
}

// The probe's records live in this process: a submission that names them could forge its counts,
// races or speed trace (probe.cuh, CUDALAB_PROBE). CUDALAB_UNSAFE_HOST_CALLS=1 (the teacher's
// environment, never a submission's; emu_jit.cpp) leaves the names open, for the sandbox's
// attack tests that call the executable's own functions by name.
std::string poison_grader_names() {
  const char* unsafe = std::getenv("CUDALAB_UNSAFE_HOST_CALLS");
  if (unsafe != nullptr && std::string_view(unsafe) == "1") return {};
  return "#pragma GCC poison cudalab cudalab_probe\n";
}

std::string entry_body(const Exercise& exercise) {
  // Each argument arrives as a pointer to its bytes; pointers are the probe's Ptr<T>. The first
  // one tells the race detector where the launch's race and fault records are (__shared__ arrays
  // report there), and the trace where a speed exercise's accesses go (probe.cuh).
  std::string body;
  for (std::size_t i = 0; i < exercise.params.size(); ++i) {
    if (!exercise.params[i].is_pointer()) continue;
    const std::string type = normalize_type(exercise.params[i].type);
    body = fmt::format("  {{\n    const auto* probe = static_cast<CUDALAB_PROBE::Ptr<{}>*>(args[{}])->probe;\n"
                       "#ifdef CUDALAB_PROBE_RACE_CHECKS\n    CUDALAB_PROBE::race::use_records(probe->race, probe->fault);\n#endif\n"
                       "    CUDALAB_PROBE::trace::use(probe->trace, probe->trace_counts);\n  }}\n",
                       type.substr(0, type.size() - 1), i);
    break;
  }
  std::string call = "student::" + exercise.kernel_name + "(";
  for (std::size_t i = 0; i < exercise.params.size(); ++i) {
    const std::string type = normalize_type(exercise.params[i].type);
    const std::string held = exercise.params[i].is_pointer() ? "CUDALAB_PROBE::Ptr<" + type.substr(0, type.size() - 1) + ">" : type;
    call += fmt::format("{}*static_cast<{}*>(args[{}])", i ? ", " : "", held, i);
  }
  return body + "  " + call + ");";
}

// The emulator's exercise prefix, as a header written beside the text (where no precompiled one
// is used).
std::pair<std::string, std::string> prefix_header() {
  return {"exercise_prefix.cuh", std::string(embedded_file("exercises/exercise_prefix.cuh"))};
}

// The race detector's steps, as a header the text includes (where none were compiled ahead).
std::pair<std::string, std::string> race_steps_header() {
  return {"race_runtime.cuh", std::string(embedded_file("exercises/race_runtime.cuh"))};
}

// The student's text as the emulator's checks see it: __shared__ arrays wrapped (shared_arrays.h)
// and plain-pointer copies of the parameters made checked pointers (pointer_copies.h).
std::string instrumented(const RewrittenSource& rewritten) {
  const InstrumentedSource shared = instrument_shared_arrays(rewritten.text);
  return instrument_pointer_copies(shared.text, rewritten.pointer_names, shared.arrays);
}

}  // namespace

bool compile_submission(const Exercise& exercise, std::string_view source, Device& device, Verdict* verdict,
                        std::unique_ptr<JitKernel>* kernel, const std::function<void()>& before_load) {
  if (unreadable(source, verdict)) return false;
  // A UTF-8 byte-order mark (Windows Notepad saves one) is no part of the code.
  if (source.starts_with("\xEF\xBB\xBF")) source.remove_prefix(3);
  const RewrittenSource rewritten = rewrite_kernel_parameters(source, exercise);
  if (!rewritten.ok) {
    if (rewritten.line > 0) verdict->diagnostics.push_back({std::string(kStudentFileName), rewritten.line, 0, true, rewritten.problem.english()});
    return refuse(verdict, VerdictKind::wrong_signature, message("Wrong signature"), rewritten.problem);
  }
  JitSource jit;
  jit.kernel_name = exercise.kernel_name;
  jit.before_load = before_load;
  jit.headers.push_back({"probe.cuh", std::string(probe_header())});
  const std::string line_directive = fmt::format("#line 1 \"{}\"\n", kStudentFileName);
  if (device.is_gpu()) {
    for (const auto& header : nvrtc_standard_headers()) jit.headers.push_back(header);
    jit.text = "#include \"probe.cuh\"\n" + line_directive + rewritten.text + "\n";
  } else {
    // Inside a namespace, as the lessons' emulator units do: kernel printf is the emulator's. What
    // comes before it is one header (exercise_prefix.cuh), precompiled where the build made it.
    // <cuda_runtime.h> and its kin are the emulator's own, empty: its CUDA is in scope already
    // (the toolkit's, where one is on the include path, clashes with it).
    for (const char* name : {"cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "device_launch_parameters.h"})
      jit.headers.push_back({name, "// The CPU emulator's: its CUDA is in scope already.\n"});
    // <cuda_fp16.h> is the emulator's half precision (cudalab/emu/half.h), in scope already too.
    jit.headers.push_back({"cuda_fp16.h", "#include \"cudalab/emu/half.h\"\n"});
    // The emulator's race detector sees __shared__ arrays through a wrapper (shared_arrays.h).
    for (const char* name : {"race_shadow.cuh", "shared_probe.cuh"})
      jit.headers.push_back({name, std::string(embedded_file(std::string("exercises/") + name))});
    // Found in the precompiled folder, the prefix must not be beside the text: a quoted include
    // looks there first, and would read the header instead of its .gch.
    if (const std::string folder = precompiled_prefix_folder(); !folder.empty())
      jit.include_first.push_back(folder);
    else
      jit.headers.push_back(prefix_header());
    // The race detector's steps: compiled beside the prefix and linked, or else compiled here,
    // before the student's text (whose macros cannot reach them). Either is what the detector's
    // proxies call (race_shadow.cuh).
    std::string race_steps;
    if (const std::string object = precompiled_race_steps(); !object.empty()) {
      jit.objects.push_back(object);
    } else {
      jit.headers.push_back(race_steps_header());
      race_steps = "#include \"race_runtime.cuh\"\n";
    }
    jit.text = "#include \"exercise_prefix.cuh\"\n" + race_steps +
               // Inline assembly is PTX on a GPU and x86 here, where it could make system calls
               // that no import shows (host_imports.h): poisoned, it cannot be named or pasted.
               "#pragma GCC poison asm __asm__ __asm\n"
               // `__syncthreads;` (no parentheses) names the barrier without calling it: nvcc warns
               // and the statement does nothing. The emulator's barrier is a function-like macro;
               // with a function of that name as well, such a kernel compiles and runs without
               // its barrier, as on a GPU (and the race detector sees what goes missing).
               "inline void(__syncthreads)() {}\n"
               "namespace student {\nusing ::cudalab::emu::printf;\n" + poison_grader_names() +
               line_directive + instrumented(rewritten) + "\n}  // namespace student\n";
    jit.emu_entry_body = entry_body(exercise);
  }
  JitOutput output;
  Status compiled = compile_kernel(device, jit, kernel, &output);
  if (compiled.code == StatusCode::invalid_argument && !device.is_gpu()) {
    // Valid CUDA the detector's proxies cannot stand in for is checked without them (probe.cuh's
    // CUDALAB_PROBE_NO_RACE_CHECKS), rather than called a compile error; and when the file does
    // not compile either way, the messages are those about the student's code alone.
    JitSource plain = jit;
    // A macro defined before the prefix: its precompiled form does not apply, nor do the detector's
    // steps (race_runtime.cuh is empty without CUDALAB_PROBE_RACE_CHECKS).
    if (!plain.include_first.empty()) {
      plain.include_first.clear();
      plain.headers.push_back(prefix_header());
    }
    plain.objects.clear();
    const std::size_t student = plain.text.find(line_directive);
    plain.text = "#define CUDALAB_PROBE_NO_RACE_CHECKS 1\n" + plain.text.substr(0, student) + line_directive + rewritten.text +
                 "\n}  // namespace student\n";
    JitOutput plain_output;
    compiled = compile_kernel(device, plain, kernel, &plain_output);
    plain_output.seconds += output.seconds;
    output = std::move(plain_output);
  }
  verdict->compile_seconds = output.seconds;
  verdict->compiler = output.compiler;
  verdict->compiler_log = output.log;
  // Messages about generated lines (the probe, the entry) keep their place; the student's come first.
  for (JitDiagnostic& d : output.diagnostics) {
    if (d.message.find("attempt to use poisoned") != std::string::npos)
      d.message = d.message.find("cudalab") != std::string::npos
                      ? "the names cudalab and cudalab_probe are the grader's own: a kernel cannot use them"
                      : "inline assembly (asm) runs only on a GPU: the CPU emulator cannot check this kernel";
    d.message = in_students_words(d.message);
    if (d.file.ends_with(kStudentFileName)) verdict->diagnostics.push_back(d);
  }
  for (JitDiagnostic& d : output.diagnostics)
    if (!d.file.ends_with(kStudentFileName)) verdict->diagnostics.push_back(d);
  if (compiled.ok()) return true;
  if (compiled.code == StatusCode::invalid_argument) {
    // The compiler's own words stay as they came (g++ and NVRTC speak English).
    Message first = compiled.words_or_text();
    for (const JitDiagnostic& d : verdict->diagnostics)
      if (d.error) {
        first = d.file.ends_with(kStudentFileName) ? message("line {}: {}", d.line, as_is(d.message)) : Message::text(d.message);
        break;
      }
    return refuse(verdict, VerdictKind::does_not_compile, message("Does not compile"), std::move(first));
  }
  if (compiled.code == StatusCode::timeout)
    return refuse(verdict, VerdictKind::timed_out, message("Timed out while compiling"), compiled.words_or_text());
  return refuse(verdict, VerdictKind::cannot_run, message("Cannot check here"), compiled.words_or_text());
}

}  // namespace cudalab::lessons::exercises
