#include "exercises/host_check.h"

#include <chrono>
#include <cstring>
#include <memory>

#include <fmt/format.h>

#include "cudalab/emulated_runtime.h"
#include "cudalab/jit.h"
#include "cudalab/message_format.h"
#include "exercises/compile_submission.h"
#include "exercises/precompiled_prefix.h"
#include "exercises/test_judge.h"
#include "exercises/signature.h"

namespace cudalab::lessons::exercises {
namespace {

constexpr std::string_view kEntryFile = "cudalab-entry";

// `return NAME(*static_cast<const float**>(args[0]), *static_cast<int*>(args[1]));`: the check's
// call of the student's function, each argument from its bytes.
std::string entry_body(const Exercise& exercise) {
  std::string call;
  for (std::size_t i = 0; i < exercise.params.size(); ++i)
    call += fmt::format("{}*static_cast<{}*>(args[{}])", i ? ", " : "", normalize_type(exercise.params[i].type), i);
  return fmt::format("  return static_cast<int>(::{}({}));", exercise.kernel_name, call);
}

bool refuse(Verdict* verdict, VerdictKind kind, Message headline, Message detail = {}) {
  verdict->kind = kind;
  verdict->headline = std::move(headline);
  if (!detail.empty()) verdict->details.push_back(std::move(detail));
  return false;
}

using Entry = int (*)(void**);

bool compile(const Exercise& exercise, std::string_view source, Device& device, Verdict* verdict,
             std::unique_ptr<JitProgram>* program, Entry* entry, const std::function<void()>& before_load) {
  if (unreadable(source, verdict)) return false;
  if (source.starts_with("\xEF\xBB\xBF")) source.remove_prefix(3);
  JitSource jit;
  jit.text = std::string(source);
  jit.file_name = std::string(kStudentFileName);
  jit.emu_entry_body = entry_body(exercise);
  jit.before_load = before_load;
  // Where the build precompiled cudalab/emu/program.h (cmake/ExercisePrefix.cmake): a third of the time.
  if (const std::string folder = precompiled_prefix_folder(); !folder.empty()) jit.include_first.push_back(folder);
  JitOutput output;
  const Status compiled = compile_program(device, jit, program, &output);
  verdict->compile_seconds = output.seconds;
  verdict->compiler = output.compiler;
  verdict->compiler_log = output.log;
  bool entry_refused = false;
  for (JitDiagnostic d : output.diagnostics) {
    if (d.message.find("attempt to use poisoned") != std::string::npos)
      d.message = "inline assembly (asm) runs only on a GPU: the CPU emulator cannot check this file";
    if (d.file.ends_with(kStudentFileName)) verdict->diagnostics.push_back(d);
    entry_refused = entry_refused || (d.error && d.file.ends_with(kEntryFile));
  }
  if (compiled.ok()) {
    *entry = reinterpret_cast<Entry>((*program)->symbol("cudalab_host_entry"));
    if (*entry != nullptr) return true;
    return refuse(verdict, VerdictKind::cannot_run, message("Cannot check here"), message("the compiled program has no entry point"));
  }
  if (compiled.code == StatusCode::invalid_argument) {
    // The student's own errors first; an error only in the check's call means the function is
    // missing or takes other parameters.
    for (const JitDiagnostic& d : verdict->diagnostics)
      if (d.error)
        return refuse(verdict, VerdictKind::does_not_compile, message("Does not compile"),
                      message("line {}: {}", d.line, as_is(d.message)));
    if (entry_refused)
      return refuse(verdict, VerdictKind::wrong_signature, message("Wrong signature"),
                    message("the file must define the host function `{}`, with these parameters in this order",
                            as_is(exercise.signature())));
    return refuse(verdict, VerdictKind::does_not_compile, message("Does not compile"), compiled.words_or_text());
  }
  if (compiled.code == StatusCode::timeout)
    return refuse(verdict, VerdictKind::timed_out, message("Timed out while compiling"), compiled.words_or_text());
  return refuse(verdict, VerdictKind::cannot_run, message("Cannot check here"), compiled.words_or_text());
}

// One test: the host arrays, the call, and what the runtime saw.
class HostTest : TestJudge {
 public:
  HostTest(const Exercise& exercise, const TestCase& test, Device& device, Verdict* verdict,
          std::map<std::string, std::string>* outputs)
      : TestJudge(exercise, test, device, verdict, outputs) {}

  bool run(Entry entry) {
    const std::size_t params = exercise_.params.size();
    if (test_.args.size() != params) return fail(VerdictKind::cannot_run, message("the exercise's test has the wrong number of arguments"));
    std::vector<std::vector<std::byte>> arrays(params);
    std::vector<void*> pointers(params, nullptr);
    std::vector<std::array<std::byte, 8>> scalars(params);
    std::vector<void*> args(params, nullptr);
    for (std::size_t i = 0; i < params; ++i) {
      const ParamSpec& spec = exercise_.params[i];
      const ArgValue& value = test_.args[i];
      if (spec.is_pointer()) {
        const void* host = value.floats.empty() ? static_cast<const void*>(value.ints.data()) : value.floats.data();
        arrays[i].resize(std::max<std::size_t>(1, value.size() * 4));
        if (value.size() > 0) std::memcpy(arrays[i].data(), host, value.size() * 4);
        pointers[i] = arrays[i].data();
        args[i] = &pointers[i];
      } else if (spec.is_float()) {
        const float v = static_cast<float>(value.scalar);
        std::memcpy(scalars[i].data(), &v, sizeof v);
        args[i] = scalars[i].data();
      } else {
        const int v = static_cast<int>(value.scalar);
        std::memcpy(scalars[i].data(), &v, sizeof v);
        args[i] = scalars[i].data();
      }
    }
    emulated_runtime::bind(&device_);
    emulated_runtime::fail_launches(test_.fail_launches);
    const auto started = std::chrono::steady_clock::now();
    const int returned = entry(args.data());
    verdict_.run_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const emulated_runtime::Record record = emulated_runtime::record();
    emulated_runtime::release_leftovers();
    emulated_runtime::bind(nullptr);
    if (outputs_ != nullptr) (*outputs_)[kReturnedOutput] = std::string(reinterpret_cast<const char*>(&returned), sizeof returned);
    return judge(returned, record, arrays);
  }

 private:
  bool judge(int returned, const emulated_runtime::Record& record, const std::vector<std::vector<std::byte>>& arrays) {
    const std::string& name = exercise_.kernel_name;
    if (test_.fail_launches != 0) {
      if (returned != 0) return true;
      return fail(VerdictKind::misses_an_error,
                  message("the check made every launch fail with {}, but {} returned cudaSuccess", cuda_error_words(test_.fail_launches),
                          as_is(name)),
                  message("A launch reports its errors only to a program that asks: after <<<…>>>, call cudaGetLastError() "
                          "and return what it says when it is not cudaSuccess."));
    }
    std::vector<Message> hints = copy_size_hints(record);
    if (returned != test_.expected_return) {
      std::vector<Message> lines{test_.expected_return == 0
                                     ? message("{} returned {}; it should return cudaSuccess", as_is(name), cuda_error_words(returned))
                                     : message("{} returned {}; it should return {}", as_is(name), cuda_error_words(returned),
                                               cuda_error_words(test_.expected_return))};
      if (!record.last_failure.ok()) lines.push_back(message("The emulator said: {}", record.last_failure.words_or_text()));
      lines.insert(lines.end(), hints.begin(), hints.end());
      return fail_lines(VerdictKind::wrong_result, std::move(lines));
    }
    for (std::size_t i = 0; i < exercise_.params.size(); ++i)
      if (test_.expected[i] && !compare(i, arrays[i], hints)) return false;
    if (!record.live.empty()) {
      std::vector<Message> lines;
      for (const emulated_runtime::Allocation& leak : record.live)
        if (lines.size() < 4) lines.push_back(message("cudaMalloc on line {} ({} bytes) was never freed", leak.line, leak.bytes));
      lines.push_back(message("Every cudaMalloc needs its cudaFree: a program that calls {} in a loop would run out of "
                              "device memory.", as_is(name)));
      return fail_lines(VerdictKind::leaks_memory, std::move(lines));
    }
    if (exercise_.host_rule)
      if (Message broken = exercise_.host_rule(record, device_.facts(), test_); !broken.empty())
        return fail(VerdictKind::breaks_the_rule, std::move(broken));
    return true;
  }

  // cudaMemcpy counts bytes: a copy of exactly a quarter of its device array is n where
  // n * sizeof(float) was meant.
  static std::vector<Message> copy_size_hints(const emulated_runtime::Record& record) {
    std::vector<Message> hints;
    for (const emulated_runtime::Copy& copy : record.copies)
      if ((copy.kind == 1 || copy.kind == 2) && copy.bytes > 0 && copy.bytes * 4 == copy.device_bytes && hints.empty())
        hints.push_back(message("cudaMemcpy on line {} copied {} bytes, but its device array holds {} bytes: cudaMemcpy "
                                "counts bytes, so n floats are n * sizeof(float)",
                                copy.line, copy.bytes, copy.device_bytes));
    return hints;
  }

  bool compare(std::size_t param, const std::vector<std::byte>& got_bytes, const std::vector<Message>& hints) {
    const ParamSpec& spec = exercise_.params[param];
    const ArgValue& expected = *test_.expected[param];
    if (outputs_ != nullptr) (*outputs_)[spec.name] = std::string(reinterpret_cast<const char*>(got_bytes.data()), expected.size() * 4);
    std::size_t wrong = 0;
    std::vector<Message> lines;
    for (std::size_t e = 0; e < expected.size(); ++e) {
      const double want = element_of(expected, e);
      const double got = element_of(std::string_view(reinterpret_cast<const char*>(got_bytes.data()), got_bytes.size()), e,
                                    spec.is_float());
      if (outputs_match(want, got, exercise_.tolerance, spec.is_float())) continue;
      if (wrong++ < 5) lines.push_back(message("{}[{}] is {:g}, expected {:g}", as_is(spec.name), e, got, want));
    }
    if (wrong == 0) return true;
    lines.insert(lines.begin(), message("{} of {} elements of {} are wrong", wrong, expected.size(), as_is(spec.name)));
    lines.insert(lines.end(), hints.begin(), hints.end());
    return fail_lines(VerdictKind::wrong_result, std::move(lines));
  }

};

}  // namespace

Message cuda_error_words(int error) {
  // CUDA's own words for it are words (said in the language shown: lessons/common's catalog).
  return message("{} (“{}”)", as_is(emulated_runtime::error_name(error)), std::string(emulated_runtime::error_string(error)));
}

Verdict check_host_submission(const Exercise& exercise, std::string_view source, Device& device, CheckEvidence* evidence,
                              const std::function<void()>& before_run, const std::function<void(int)>& on_test) {
  Verdict verdict;
  verdict.exercise = exercise.id;
  verdict.device = device.facts().name;
  if (device.is_gpu()) {
    refuse(&verdict, VerdictKind::cannot_run, message("Cannot check here"),
           message("host-code exercises are checked on the CPU emulator, whose runtime sees every cudaMalloc and cudaMemcpy"));
    return verdict;
  }
  bool sealed = false;
  const auto seal_once = [&] {
    if (!std::exchange(sealed, true) && before_run) before_run();
  };
  std::unique_ptr<JitProgram> program;
  Entry entry = nullptr;
  if (!compile(exercise, source, device, &verdict, &program, &entry, seal_once)) return verdict;
  seal_once();
  const std::vector<TestCase> tests = exercise.cases();
  verdict.tests_total = static_cast<int>(tests.size());
  for (const TestCase& test : tests) {
    if (on_test) on_test(verdict.tests_passed);
    std::map<std::string, std::string>* outputs = nullptr;
    if (evidence != nullptr) outputs = &evidence->tests.emplace_back();
    if (!HostTest(exercise, test, device, &verdict, outputs).run(entry)) {
      verdict.headline = failed_test_headline(verdict.kind, verdict.tests_passed, verdict.tests_total, test.name);
      return verdict;
    }
    ++verdict.tests_passed;
  }
  verdict.kind = VerdictKind::passed;
  verdict.headline = message("Passed all {} tests", verdict.tests_total);
  for (const TestCase& test : tests) verdict.details.push_back(message("✓ {}", test.name));
  return verdict;
}

}  // namespace cudalab::lessons::exercises
