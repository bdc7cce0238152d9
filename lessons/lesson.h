#pragma once
// The one header app/ knows lessons through. A lesson (chapter) is a list of steps; a step takes
// parameter values and a Device, runs real kernels, and returns a Run (data). Views turn a Run
// into plain pictures (cells, timelines, tables, charts) that app/ draws; no ImGui, no GL here.
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cudalab/device.h"
#include "cudalab/run.h"
#include "cudalab/status.h"
#include "views.h"

namespace cudalab::lessons {

struct Param {
  enum class Kind { integer, real, choice, toggle };
  std::string name;   // used by `--set name=value` and in the Run: threads_per_block
  std::string label;  // shown beside the control: "Threads per block"
  Kind kind = Kind::integer;
  double min = 0, max = 1, default_value = 0;
  bool log_scale = false;            // slider moves in powers (sizes)
  std::vector<std::string> choices;  // Kind::choice: value is the index
  std::string help;                  // tooltip
  // Where default_value (a size a GPU needs to show the step's point) would keep the CPU emulator
  // busy for more than a couple of seconds: the value to start from there. The controls say so.
  std::optional<double> emulator_default;
};

// Values by parameter name: integers and reals as numbers, choice as its index, toggle as 0/1.
using ParamValues = std::map<std::string, double>;

// How long a step may run before the app stops it (its worker process is killed if it does not
// stop when asked): long enough for every default run on the emulator of a small laptop.
constexpr double default_time_limit_seconds = 60;

// A question asked before the run is shown ("how many lines will the console show?"). Its answer
// is never written here: the run computes it and leaves it in Run::results[answer_key], so what
// the student is compared with is what the device did.
struct Prediction {
  enum class Kind { number, choice };
  // May name parameters in braces, filled with their current values: "for {threads_per_block}
  // threads per block".
  std::string question;
  Kind kind = Kind::number;
  std::vector<std::string> choices;  // Kind::choice: the run's answer is the index of the right one
  std::string unit;                  // Kind::number: shown after the input ("ms", "blocks")
  std::string answer_key;            // in Run::results
  // Kind::number: an answer within this fraction of the run's value counts as right (0: exact;
  // 0.25 for a timing, where the order of magnitude is the point).
  double tolerance = 0;
};

struct Step {
  std::string title;
  std::vector<Param> params;
  double time_limit_seconds = default_time_limit_seconds;
  std::optional<Prediction> prediction;
  // The kernels this step launches, as named in the chapter's kernel_file(): the code pane
  // scrolls to the first and highlights them.
  std::vector<std::string> kernels;
  // The file those kernels are in, relative to the chapter's folder, when it is not the chapter's
  // kernel_file() (chapter 10 keeps one file per rung); "" for the chapter's.
  std::string kernel_file;
};

// Lets a long step report progress, hand over what it has so far, and stop early. The app's
// runner thread owns it; the step reads `cancel` and calls publish() from the thread it runs on.
struct RunControl {
  std::atomic<bool> cancel{false};
  std::atomic<float> progress{0.f};  // 0..1
  // Set by whoever runs the step (the app draws partial runs; the CLI sets nothing).
  std::function<void(const Run& partial)> on_partial;

  // A long step (a sweep, the race) publishes its Run each time a row or point is measured, so
  // the picture fills in while the rest still runs. Views must accept such a partial Run.
  void publish(const Run& partial) const {
    if (on_partial) on_partial(partial);
  }
};

class Lesson {
 public:
  virtual ~Lesson() = default;
  virtual std::string id() const = 0;      // short, for the CLI: "machine", "hello", "threads"
  virtual std::string title() const = 0;   // "Your machine"
  virtual std::string folder() const = 0;  // its folder under lessons/: "00_your_machine"
  virtual std::vector<Step> steps() const = 0;
  // The kernel source the student reads (relative to folder()), or "" when the chapter has none.
  virtual std::string kernel_file() const { return ""; }
  // A complete host program in plain CUDA (main, cudaMalloc, <<<>>>, cudaGetLastError, cudaFree)
  // doing what the chapter's steps do, compilable with nvcc alone; relative to folder(), or "".
  virtual std::string program_file() const { return ""; }

  // Runs one step. Never throws for bad input: errors go into run.status, in words.
  virtual Run run(int step, const ParamValues& values, Device& device, RunControl& control) = 0;
  // Pictures of a finished run (also of a Run loaded from JSON, recorded elsewhere).
  virtual std::vector<View> views(int step, const Run& run) const = 0;
};

// Every chapter in teaching order (registry.cpp: one line per chapter).
std::vector<std::unique_ptr<Lesson>> make_lessons();
// The chapter's number in the course, from its folder ("08_launch_config" → 8): what the lesson
// text, the chapter list and `cudalab run 8` say, even while an earlier number has no chapter yet.
// -1 when the folder does not start with digits.
int chapter_number(const Lesson& lesson);

// Default values for a step's parameters: a GPU's, or the CPU emulator's (a parameter's
// emulator_default where it has one).
ParamValues defaults(const Step& step, bool on_emulator = false);
double default_of(const Param& param, bool on_emulator);
// The whole of `text` as a finite number ("12", "1.5e3"; not "12 ms", "inf" or ""): what `--set`
// and a typed prediction accept.
bool parse_number(const std::string& text, double* out);
// Applies "name=value" to `values`, checked against the step's parameters: an unknown name or a
// value out of range gives a one-line message naming what is allowed.
Status apply_assignment(const Step& step, const std::string& assignment, ParamValues* values);
// A chapter, one of its steps and checked parameter values, chosen by name (CLI, screenshots).
struct StepSelection {
  Lesson* lesson = nullptr;
  int step = 0;  // 0-based
  ParamValues values;
};
// `chapter` is a lesson id ("hello") or its number in the course ("1", chapter_number). Unknown chapter, step or
// parameter → a one-line message naming what exists.
// Parameters not assigned start from the emulator's defaults when `on_emulator`.
Status select_step(const std::vector<std::unique_ptr<Lesson>>& lessons, const std::string& chapter, int step,
                   const std::vector<std::string>& assignments, StepSelection* out, bool on_emulator = false);

// Fills a Run's header (lesson, step, parameters in text, device facts, time, version).
void begin_run(Run* run, const Lesson& lesson, int step, const ParamValues& values, const Device& device);
// The same for a run whose device is known only by its facts (one stopped in a worker process).
void begin_run(Run* run, const Lesson& lesson, int step, const ParamValues& values, const DeviceFacts& device);

}  // namespace cudalab::lessons
