#pragma once
// Exercises: the student writes a kernel, CUDA Lab compiles it (jit.h) and checks it. An exercise
// sits with the chapter it practises, one folder each (lessons/<chapter>/exercises/<id>/):
// statement.md (the task, hints under `### Hint`), starter.cu (a kernel with a marked hole) and
// solution.cu (the reference solution a teacher can print; the tests check it passes), plus its
// spec in C++ (<id>.cpp beside the folder): the kernel's signature, the launches and test sizes,
// the CPU reference, and limits read from what each thread did.
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cudalab/device.h"
#include "cudalab/dim.h"
#include "cudalab/emulated_runtime.h"
#include "cudalab/message.h"

namespace cudalab::lessons::exercises {

// One kernel parameter as the starter declares it: "const float*" / "float*" / "int" / "float".
struct ParamSpec {
  std::string type;
  std::string name;
  bool is_pointer() const;
  bool is_const_pointer() const;
  bool is_float() const;  // element (pointer) or value type is float
};

// One argument's value for one test: a buffer's contents (float or int elements, by the
// parameter's type) or a scalar.
struct ArgValue {
  std::vector<float> floats;
  std::vector<int> ints;
  double scalar = 0;
  int width = 0;  // a buffer read as a 2D matrix: its row length, for pictures (0: a row of cells)
  std::size_t size() const { return floats.empty() ? ints.size() : floats.size(); }
};

// "Each thread reads `a` at most once": a limit on what every thread did to one buffer.
struct AccessLimit {
  std::string param;
  bool reads = true;  // false: writes
  unsigned max_per_thread = 1;
  std::string why;  // one sentence, shown with the verdict (the chapter's catalog says it in Chinese)
  Message why_words = {};  // instead of `why`, where the sentence has numbers of its test's own
  Message said_why() const { return why_words.empty() ? Message::text(why) : why_words; }
};

struct TestCase {
  Message name;  // test_name(): "n = 1000 (the last block is partly idle)", said as the verdict is shown
  LaunchConfig launch;
  std::vector<ArgValue> args;                      // one per parameter
  std::vector<std::optional<ArgValue>> expected;   // one per parameter: what an output must hold
  // Limits that depend on this test's sizes ("at most ceil(n / threads) writes"); when set, they
  // replace the exercise's own.
  std::optional<std::vector<AccessLimit>> limits;
  // Host-code exercises: what the student's function must return (a cudaError_t's number), and a
  // launch failure the check causes (every launch fails with this error; 0: none). With one, the
  // function must notice and return an error: `launch` and `expected` are not used then.
  int expected_return = 0;
  int fail_launches = 0;
};

// A test's name: its sizes, then, where it has one, a note on what the test tries, which the
// chapter's catalog says in Chinese ("n = 1000" and "the last block is partly idle" →
// "n = 1000 (the last block is partly idle)").
Message test_name(Message sizes, std::string_view note = {});

// What the student writes: a kernel the check launches, or the host side (a function given host
// arrays that allocates, copies, launches and frees with the CUDA runtime API, checked on the
// emulator's runtime: cudalab/emulated_runtime.h), or a kernel that must also be fast (speed.h).
enum class ExerciseKind { kernel, host, speed };
const char* to_string(ExerciseKind kind);  // "kernel" / "host code" / "speed"

// What a speed exercise counts on the emulator, from one traced test (speed.h), lower is better.
enum class SpeedMeasure {
  sectors_per_request,   // a buffer's: 32-byte sectors one warp request touches, on average
  accesses_per_element,  // a buffer's reads (or writes) per element of the output
  bank_ways,             // the __shared__ arrays': ways of the busiest bank per warp request, on average
};

struct SpeedGoal {
  SpeedMeasure measure = SpeedMeasure::sectors_per_request;
  std::string param;  // the buffer; empty for bank_ways
  bool reads = true;  // false: its writes
  double at_most = 0;
  std::string why;    // one sentence, shown when the goal is missed (the chapter's catalog says it in Chinese)
};

// A speed exercise passes its tests as a kernel exercise does, then: on the emulator every goal
// holds on the traced test (one of the tests, its accesses recorded as it runs); on a GPU the
// kernel's median time on the timed test (a larger one, run only there) is within
// `slower_at_most` × the solution's, both compiled as they are (without the probe).
struct SpeedSpec {
  std::vector<SpeedGoal> goals;  // the first is what `cudalab check DIR` ranks the class by
  int traced_test = -1;          // which of the tests (-1: the last)
  std::function<TestCase()> timed;
  double slower_at_most = 1.25;
  int timed_runs = 5;
};

struct Exercise {
  std::string id;       // "map": the CLI's name, the progress key
  ExerciseKind kind = ExerciseKind::kernel;
  std::string title;    // "Map: add ten"
  std::string chapter;  // the folder of the chapter it practises: "02_threads"
  std::string kernel_name;  // the kernel; for host code, the host function (it returns cudaError_t)
  std::vector<ParamSpec> params;
  std::vector<AccessLimit> limits;
  std::function<std::vector<TestCase>()> cases;
  // Host code: a rule of the exercise's own about what the program did (copies, launches), judged
  // after the outputs; empty when it holds ("copies 3 times; the data should stay on the device").
  std::function<Message(const emulated_runtime::Record&, const DeviceFacts&, const TestCase&)> host_rule;
  SpeedSpec speed;  // ExerciseKind::speed only
  double tolerance = 1e-5;  // relative, for float outputs (ints compare exactly)
  double time_limit_seconds = 10;

  std::string folder() const;  // "02_threads/exercises/map"
  // The files, embedded at build time. `language` "zh-CN" gives statement.zh-CN.md where there is
  // one (hints under `### 提示 N`), else the English statement.md.
  std::string_view statement(std::string_view language = "en") const;
  std::string_view starter() const;
  std::string_view solution() const;
  // `### Hint` (`### 提示`) sections of the statement, in order.
  std::vector<std::string> hints(std::string_view language = "en") const;
  // The statement's `# ` title in `language`, else `title`.
  std::string title_in(std::string_view language) const;
  // "__global__ void map(const float* a, float* out, int n)"; "cudaError_t add(…)" for host code
  std::string signature() const;
};

// "Test: n = 1000, launched as <<<4, 256>>>" (host code: "Test: n = 1000"; its launch is the student's).
Message test_line(const Exercise& exercise, const TestCase& test);

// Every exercise in course order (registry.cpp).
const std::vector<Exercise>& all_exercises();
const Exercise* find_exercise(std::string_view id);
// A file of an exercise folder ("01_hello_kernel/exercises/map/starter.cu"), embedded at build time;
// empty when absent.
std::string_view embedded_file(std::string_view relative_path);
// The probe header compiled in front of every student kernel (probe.cuh).
std::string_view probe_header();

}  // namespace cudalab::lessons::exercises
