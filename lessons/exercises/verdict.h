#pragma once
// What checking a student's kernel found, as data (like a Run): the GUI draws it, `cudalab check`
// prints it or saves it as JSON, and a folder of submissions becomes a table of them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cudalab/jit.h"
#include "cudalab/status.h"
#include "exercises/speed.h"
#include "text/message.h"

namespace cudalab::lessons::exercises {

enum class VerdictKind {
  passed,
  wrong_result,       // an output element differs from the CPU reference
  out_of_bounds,      // a thread read or wrote outside a buffer
  data_race,          // two threads touched one element with nothing ordering them (emulator only)
  too_many_accesses,  // a thread read or wrote a buffer more often than the exercise allows
  divergent_barrier,  // __syncthreads() not reached by every thread of a block
  kernel_fault,       // the kernel trapped, asserted or faulted
  timed_out,          // it ran past the exercise's time limit
  does_not_compile,   // compiler errors (at the student's lines)
  wrong_signature,    // the kernel is missing or its parameters differ from the starter's
  cannot_run,         // nothing to judge: no compiler, no NVRTC, an empty file…
  // Host code (ExerciseKind::host):
  leaks_memory,       // a cudaMalloc without its cudaFree
  misses_an_error,    // a launch failed and the function did not say so
  breaks_the_rule,    // the exercise's own rule about the host side (copies, launches)
  // Speed (ExerciseKind::speed): right, but its memory requests (emulator) or its time (GPU) miss
  // the exercise's goal.
  too_slow,
};
const char* to_string(VerdictKind kind);  // "passed", "wrong result", …
// "Wrong result: test 2 of 5 (n = 1000: …)": the headline of a failure in one test (0-based index).
Message failed_test_headline(VerdictKind kind, int index, int total, const Message& test_name);
bool parse_verdict_kind(const std::string& text, VerdictKind* out);

// An output element that differs from the reference, and who wrote it.
struct WrongElement {
  std::string param;
  long long index = 0;
  double expected = 0, got = 0;
  std::string writer;  // "thread (3,0,0) of block (1,0,0)", or "no thread wrote it"
};

// Which cells of an output were right (0), wrong (1) or wrong and never written (2).
struct CellPicture {
  std::string param;
  int width = 0, height = 0;
  std::vector<std::uint8_t> cells;
};

struct Verdict {
  VerdictKind kind = VerdictKind::cannot_run;
  std::string exercise;
  // Words made where the check ran, said where it is shown (text/message.h): the worker speaks no
  // language, the app and `cudalab check` speak the student's.
  Message headline;              // one line: "Passed all 5 tests" / "Wrong result: test 2 of 5 (…)"
  std::vector<Message> details;  // what happened, in words, most useful first
  std::string failed_test;           // the test's name in English when one failed (the JSON, the CSV)
  int tests_passed = 0, tests_total = 0;
  std::vector<JitDiagnostic> diagnostics;
  std::string compiler_log;
  std::string compiler;
  std::vector<WrongElement> wrong;
  std::optional<CellPicture> picture;
  std::string device;  // where it ran: "NVIDIA H200" / "CPU emulator"
  std::string printed;  // what the kernel printed (printf), first part
  std::optional<SpeedResult> speed;  // a speed exercise's measure, once its tests passed (speed.h)
  double compile_seconds = 0, run_seconds = 0;

  bool passed() const { return kind == VerdictKind::passed; }
  // Headline and details as lines of text in speaking() (the CLI's report).
  std::string text() const;
};

// The heading of what the submission printed: "Printed by the kernel:", or for host code (whose
// own printf shows too) "Printed by the program:".
const char* printed_heading(const Verdict& verdict);

nlohmann::json to_json(const Verdict& verdict);
// Never throws; fields of the wrong type give a Status.
Status from_json(const nlohmann::json& j, Verdict* out);

// A submission `cudalab check` could not check (unreadable, too large): "Not checked", and why.
Verdict not_checked(const std::string& exercise, const std::string& why);
Verdict not_checked(const std::string& exercise, Message why);

}  // namespace cudalab::lessons::exercises

namespace cudalab {
struct Run;
}
namespace cudalab::lessons::exercises {
// The verdict a check's Run carries (results["verdict"]), a pass confirmed against the outputs
// in results["evidence"] (evidence.h: a pass the outputs do not bear out becomes a failure); when
// the check never finished (the worker was stopped at the time limit, or died), a verdict saying
// so from the Run's status.
Verdict verdict_of_run(const Run& run, const std::string& exercise);
}  // namespace cudalab::lessons::exercises
