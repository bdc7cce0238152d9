#include "exercises/speed_check.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "exercises/compile_submission.h"
#include "exercises/evidence.h"
#include "exercises/nvrtc_headers.h"

namespace cudalab::lessons::exercises {
namespace {

long long output_elements(const TestCase& test) {
  for (const auto& expected : test.expected)
    if (expected) return static_cast<long long>(expected->size());
  return 0;
}

long long buffer_elements(const Exercise& exercise, const TestCase& test, const std::string& param) {
  for (std::size_t i = 0; i < exercise.params.size() && i < test.args.size(); ++i)
    if (exercise.params[i].name == param) return static_cast<long long>(test.args[i].size());
  return 0;
}

bool too_slow(Verdict* verdict, Message headline, std::vector<Message> details) {
  verdict->kind = VerdictKind::too_slow;
  verdict->headline = std::move(headline);
  verdict->details = std::move(details);
  return false;
}

}  // namespace

bool judge_goals(const Exercise& exercise, const TestCase& traced, const TraceCounts& counts, Verdict* verdict) {
  for (std::size_t g = 0; g < exercise.speed.goals.size(); ++g) {
    const SpeedGoal& goal = exercise.speed.goals[g];
    Message problem;
    const std::optional<double> value =
        measure(goal, exercise, counts, buffer_elements(exercise, traced, goal.param), output_elements(traced), &problem);
    if (!value)
      return too_slow(verdict, message("Speed not measured"), {problem, message("Traced test: {}", traced.name)});
    const Message words = measure_words(goal);
    if (g == 0) verdict->speed = SpeedResult{words.english(), words, *value, goal.at_most, 0, false};
    if (*value > goal.at_most + 1e-9)
      return too_slow(verdict, message("Too slow: {:.2f} {}; the goal is at most {:.2f}", *value, words, goal.at_most),
                      {Message::text(goal.why), message("Counted on the emulator, in one test: {}", traced.name)});
  }
  return true;
}

bool compile_for_timing(const Exercise& exercise, std::string_view source, Device& device, TimedKernels* kernels,
                        Verdict* verdict) {
  if (source.starts_with("\xEF\xBB\xBF")) source.remove_prefix(3);
  const auto compile = [&](std::string_view text, std::string_view file, std::unique_ptr<JitKernel>* kernel) {
    JitSource jit;
    jit.kernel_name = exercise.kernel_name;
    jit.headers = nvrtc_standard_headers();
    jit.text = fmt::format("#line 1 \"{}\"\n{}\n", file, text);
    JitOutput output;
    const Status s = compile_kernel(device, jit, kernel, &output);
    verdict->compile_seconds += output.seconds;
    if (s.ok()) return true;
    verdict->kind = VerdictKind::cannot_run;
    verdict->headline = message("Cannot time the kernel on the GPU");
    verdict->details = {s.words_or_text()};
    return false;
  };
  return compile(source, kStudentFileName, &kernels->student) && compile(exercise.solution(), "solution.cu", &kernels->solution);
}

namespace {

// One kernel's buffers for the timed test, filled again before each run (a kernel may accumulate).
struct TimedRun {
  std::vector<Buffer<std::byte>> buffers;
  std::vector<std::vector<std::byte>> args;

  Status prepare(Device& device, const Exercise& exercise, const TestCase& test) {
    buffers.resize(exercise.params.size());
    args.resize(exercise.params.size());
    for (std::size_t i = 0; i < exercise.params.size(); ++i) {
      const ArgValue& value = test.args[i];
      if (!exercise.params[i].is_pointer()) {
        const float f = static_cast<float>(value.scalar);
        const int n = static_cast<int>(value.scalar);
        args[i].resize(4);
        std::memcpy(args[i].data(), exercise.params[i].is_float() ? static_cast<const void*>(&f) : &n, 4);
        continue;
      }
      CUDALAB_RETURN_IF_ERROR(Buffer<std::byte>::create(device, std::max<std::size_t>(1, value.size()) * 4, &buffers[i]));
      void* address = buffers[i].data();
      args[i].resize(sizeof address);
      std::memcpy(args[i].data(), &address, sizeof address);
    }
    return refill(exercise, test);
  }
  Status refill(const Exercise& exercise, const TestCase& test) {
    for (std::size_t i = 0; i < exercise.params.size(); ++i) {
      if (!exercise.params[i].is_pointer()) continue;
      const ArgValue& value = test.args[i];
      const void* host = value.floats.empty() ? static_cast<const void*>(value.ints.data()) : value.floats.data();
      CUDALAB_RETURN_IF_ERROR(buffers[i].upload({static_cast<const std::byte*>(host), value.size() * 4}));
    }
    return Status::success();
  }
  // Milliseconds a launch, by the device's events around `repeats` launches one after another.
  Status time(Device& device, const JitKernel& kernel, const LaunchConfig& launch, int repeats, double* ms) {
    const auto start = device.record_event();
    for (int r = 0; r < repeats; ++r) CUDALAB_RETURN_IF_ERROR(launch_compiled(device, kernel, launch, args));
    const auto end = device.record_event();
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    *ms = device.elapsed_ms(*start, *end) / repeats;
    return Status::success();
  }
};

// A sample is at least this long, so that the events' own cost and a launch's jitter (a few µs)
// are small beside it: a 20 µs kernel is timed 25 launches at a time.
constexpr double kSampleMs = 0.5;
constexpr int kMostRepeats = 200;

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values.empty() ? 0 : values[values.size() / 2];
}

}  // namespace

bool judge_time(const Exercise& exercise, Device& device, const TimedKernels& kernels, Verdict* verdict) {
  const TestCase test = exercise.speed.timed();
  const auto fail = [&](Message headline, Message detail) {
    verdict->kind = detail.empty() ? VerdictKind::cannot_run : VerdictKind::wrong_result;
    verdict->headline = std::move(headline);
    verdict->details = {std::move(detail), message("Timed test: {}", test.name)};
    return false;
  };
  TimedRun student, solution;
  Status s = student.prepare(device, exercise, test);
  if (s.ok()) s = solution.prepare(device, exercise, test);
  // A first launch of each warms the caches and the clocks and sizes the samples; then they take
  // turns, so that a clock that changes speed changes both. The samples run on the inputs as a
  // launch left them (a kernel that accumulates keeps adding: the time is the same); the outputs
  // are checked after one launch on fresh inputs, below.
  double first_student = 0, first_solution = 0;
  if (s.ok()) s = student.time(device, *kernels.student, test.launch, 1, &first_student);
  if (s.ok()) s = solution.time(device, *kernels.solution, test.launch, 1, &first_solution);
  const double shortest = std::max(1e-3, std::min(first_student, first_solution));
  const int repeats = std::clamp(static_cast<int>(std::ceil(kSampleMs / shortest)), 1, kMostRepeats);
  std::vector<double> student_ms, solution_ms;
  for (int run = 0; s.ok() && run < exercise.speed.timed_runs; ++run) {
    double a = 0, b = 0;
    s = student.time(device, *kernels.student, test.launch, repeats, &a);
    if (s.ok()) s = solution.time(device, *kernels.solution, test.launch, repeats, &b);
    student_ms.push_back(a);
    solution_ms.push_back(b);
  }
  if (s.ok()) s = student.refill(exercise, test);
  if (s.ok()) s = launch_compiled(device, *kernels.student, test.launch, student.args);
  if (s.ok()) s = device.synchronize();
  if (!s.ok()) {
    verdict->kind = VerdictKind::kernel_fault;
    verdict->headline = message("Kernel fault while timing on the GPU");
    verdict->details = {s.words_or_text(), message("Timed test: {}", test.name)};
    return false;
  }
  // The timed run must be right too: a kernel that skips the work at this size is not fast.
  for (std::size_t i = 0; i < exercise.params.size(); ++i) {
    if (i >= test.expected.size() || !test.expected[i]) continue;
    const ArgValue& expected = *test.expected[i];
    std::string got(expected.size() * 4, '\0');
    if (Status d = student.buffers[i].download({reinterpret_cast<std::byte*>(got.data()), got.size()}); !d.ok())
      return fail(message("Cannot time the kernel on the GPU"), d.words_or_text());
    for (std::size_t e = 0; e < expected.size(); ++e)
      if (!outputs_match(element_of(expected, e), element_of(got, e, exercise.params[i].is_float()), exercise.tolerance,
                         exercise.params[i].is_float()))
        return fail(message("Wrong result in the timed test"),
                    message("{}[{}] is {:g}, expected {:g}", as_is(exercise.params[i].name), e,
                            element_of(got, e, exercise.params[i].is_float()), element_of(expected, e)));
  }
  const double mine = median(student_ms) * 1000, theirs = median(solution_ms) * 1000;
  const double goal = theirs * exercise.speed.slower_at_most;
  const Message words = message("GPU time (µs)");
  verdict->speed = SpeedResult{words.english(), words, mine, goal, theirs, true};
  if (mine > goal)
    return too_slow(verdict, message("Too slow: {:.1f} µs; the goal is at most {:.1f} µs ({:.2f}× the solution's {:.1f} µs)", mine, goal,
                                     exercise.speed.slower_at_most, theirs),
                    {exercise.speed.goals.empty() ? Message{} : Message::text(exercise.speed.goals.front().why),
                     message("Medians of {} runs each on {}, in one test: {}", exercise.speed.timed_runs, as_is(device.facts().name),
                             test.name)});
  return true;
}

}  // namespace cudalab::lessons::exercises
