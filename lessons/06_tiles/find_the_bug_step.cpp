// Chapter 6, step 5: find the bug with tools. One of two broken tiled kernels (a barrier left out,
// a guard left out) is judged twice: by CUDA Lab's own checks on the CPU emulator (the exercise
// grader's race detector and bounds checks, exercises/checker.h), and, on a GPU, by NVIDIA
// compute-sanitizer's racecheck or memcheck, which the step starts as a child process around
// `cudalab broken-kernel` (sanitizer_run.h). Both reports are shown side by side; the tool's own
// output as it printed it. Without a GPU or without the tool the step says what the tool would add
// and how to get it.
#include <algorithm>
#include <regex>

#include <fmt/format.h>

#include "broken_kernels.h"
#include "sanitizer_run.h"
#include "text/say.h"
#include "tiles_steps.h"

namespace cudalab::lessons::tiles {
namespace {

namespace ex = exercises;

const char* const kKernelChoices[] = {"no_barrier", "no_guard"};
const char* const kToolChoices[] = {"racecheck", "memcheck"};
// The tool's child gets this long; the step's own limit leaves room for the emulator's compile.
constexpr double kSanitizerSeconds = 90;
// Lines of the tool's output shown (its reports are printed in full up to --print-limit).
constexpr std::size_t kShownOutputLines = 80;

// The prediction's choices, by index (Prediction::choices).
enum FindingTool { kRacecheck = 0, kMemcheck = 1, kBoth = 2, kNeither = 3 };

// The lines a grader's sentence names ("… at line 17 while … at line 19"), for the table.
std::string lines_named(const std::vector<Message>& details) {
  static const std::regex line(R"(at line ([0-9?]+))");
  std::vector<std::string> found;
  for (const Message& said : details) {
    const std::string detail = said.english();
    for (auto it = std::sregex_iterator(detail.begin(), detail.end(), line); it != std::sregex_iterator(); ++it)
      if (std::find(found.begin(), found.end(), (*it)[1].str()) == found.end()) found.push_back((*it)[1]);
  }
  std::string out;
  for (const std::string& number : found) out += (out.empty() ? "" : ", ") + std::string(kBrokenKernelsFileName) + ":" + number;
  return out;
}

std::string quoted(const std::string& text) { return "\"" + text + "\""; }

std::string tool_state_words(const std::string& state, const nlohmann::json& tool) {
  if (state == "missing")
    return "not found on PATH, in /usr/local/cuda/bin or in /usr/local/cuda-13*/bin: it ships with the CUDA toolkit "
           "(`compute-sanitizer` in /usr/local/cuda/bin); install the toolkit or put its bin folder on PATH";
  if (state == "no_program")
    return "the cudalab program to start under the tool was not found (set CUDALAB_EXECUTABLE to its path)";
  if (state == "not_started") return "could not be started: " + tool.value("output", std::string());
  if (state == "timed_out")
    return say("stopped at its time limit of {:.0f} s; what it printed by then is below", tool.value("time_limit_seconds", 0.0));
  return "";
}

}  // namespace

Step find_the_bug_step() {
  Param kernel{"kernel", "Broken kernel", Param::Kind::choice, 0, 1, 0};
  kernel.choices = {kKernelChoices[0], kKernelChoices[1]};
  kernel.help = "no_barrier: the __syncthreads() after the copies is missing. no_guard: the copies have no if (… < n).";
  Param tool{"tool", "compute-sanitizer tool", Param::Kind::choice, 0, 1, 0};
  tool.choices = {kToolChoices[0], kToolChoices[1]};
  tool.help = "racecheck looks for shared-memory races; memcheck for reads and writes outside an allocation.";
  Param n{"n", "Matrix size n", Param::Kind::integer, 1, 64, 20};
  n.help = "16 × 16 tiles: at a multiple of 16 no tile is ragged.";
  Step step{"Find the bug with tools", {kernel, tool, n}};
  step.time_limit_seconds = 150;
  step.kernel_file = kBrokenKernelsFile;
  step.kernels = {"mat_mul_tiled_no_barrier", "mat_mul_tiled_no_guard"};
  step.prediction = Prediction{.question = "{kernel} at n = {n}: which tool reports its bug?",
                               .kind = Prediction::Kind::choice,
                               .choices = {"racecheck", "memcheck", "both", "neither: nothing goes wrong at this n"},
                               .answer_key = "finding_tool"};
  return step;
}

void run_find_the_bug(const ParamValues& values, Device& device, RunControl& control, Run* run) {
  const auto kernel = static_cast<BrokenKernel>(std::clamp(static_cast<int>(values.at("kernel")), 0, 1));
  const auto tool = static_cast<SanitizerTool>(std::clamp(static_cast<int>(values.at("tool")), 0, 1));
  const int n = static_cast<int>(values.at("n"));
  run->results["kernel"] = broken_kernel_name(kernel);
  run->results["tool"] = sanitizer_tool_name(tool);
  run->results["n"] = n;
  run->status = [&]() -> Status {
    if (broken_kernels_source().empty())
      return Status::error(StatusCode::internal, say("{} is missing from this build", kBrokenKernelsFile));
    // CUDA Lab's own checks: the race detector works on the emulator only, so a GPU run opens one
    // beside it (as step 1 does for the broken barrier).
    std::unique_ptr<Device> own_emulator;
    Device* emulator = &device;
    if (device.is_gpu()) {
      CUDALAB_RETURN_IF_ERROR(open_device(BackendRequest::emulator, &own_emulator, 0, 2));
      emulator = own_emulator.get();
    }
    const ex::Verdict verdict = check_broken_kernel(kernel, n, *emulator);
    run->results["emulator"] = ex::to_json(verdict);
    switch (verdict.kind) {
      case ex::VerdictKind::data_race: run->results["finding_tool"] = kRacecheck; break;
      case ex::VerdictKind::out_of_bounds: run->results["finding_tool"] = kMemcheck; break;
      case ex::VerdictKind::passed: run->results["finding_tool"] = kNeither; break;
      default: break;  // no answer: the grader could not say (no compiler here, …)
    }
    control.progress = 0.4f;
    control.publish(*run);

    nlohmann::json& said = run->results["sanitizer"];
    said["path"] = find_compute_sanitizer();
    if (!device.is_gpu()) {
      said["state"] = "emulator";
      return Status::success();
    }
    if (said["path"].get<std::string>().empty()) {
      said["state"] = "missing";
      return Status::success();
    }
    const std::string program = find_cudalab_program();
    if (program.empty()) {
      said["state"] = "no_program";
      return Status::success();
    }
    const SanitizerRun ran = run_under_sanitizer(said["path"], tool, program, kernel, n, kSanitizerSeconds);
    const std::string path = said["path"];
    said = to_json(ran);
    said["path"] = path;
    said["state"] = !ran.started ? "not_started" : ran.timed_out ? "timed_out" : "ran";
    return Status::success();
  }();
}

std::vector<View> find_the_bug_views(const Run& run) {
  const std::string kernel = run.results.value("kernel", ""), tool = run.results.value("tool", "");
  const int n = run.results.value("n", 0);
  ex::Verdict verdict;
  if (const auto found = run.results.find("emulator"); found != run.results.end()) (void)ex::from_json(*found, &verdict);
  if (kernel.empty() || verdict.headline.empty()) return {};

  FactsView emulator;
  emulator.title = "CUDA Lab's checks on the CPU emulator (the exercise grader)";
  emulator.facts.push_back({"verdict", said(verdict.headline)});
  for (std::size_t i = 0; i < verdict.details.size() && i < 2; ++i)
    emulator.facts.push_back({i == 0 ? "what it saw" : "what it means", said(verdict.details[i])});
  if (verdict.kind == ex::VerdictKind::data_race || verdict.kind == ex::VerdictKind::out_of_bounds)
    emulator.facts.push_back({"how many", "the first one: the grader stops at the first race or bad access"});

  const nlohmann::json tool_run = run.results.value("sanitizer", nlohmann::json::object());
  const std::string state = tool_run.value("state", "");
  const SanitizerReport report = sanitizer_report_from_json(tool_run.value("report", nlohmann::json::object()));
  FactsView sanitizer;
  sanitizer.title = say("compute-sanitizer --tool {} on the GPU", tool);
  if (state == "emulator") {
    sanitizer.facts.push_back({"not run", "this run is on the CPU emulator: compute-sanitizer watches a kernel on a real GPU"});
    sanitizer.facts.push_back(
        {"what it would add", tool == "memcheck"
                                  ? "every bad access of the launch counted, each with its thread, its line and how far "
                                    "past the allocation it fell"
                                  : "every hazard of the launch counted, each race with the two lines involved, on the "
                                    "hardware that hides it"});
    const std::string path = tool_run.value("path", "");
    sanitizer.facts.push_back({"compute-sanitizer here",
                               path.empty() ? tool_state_words("missing", tool_run) : say("found: {}", path)});
  } else if (state == "ran" || state == "timed_out") {
    if (state == "timed_out") sanitizer.facts.push_back({"stopped", tool_state_words(state, tool_run)});
    if (report.has_summary) {
      sanitizer.facts.push_back({"its summary", quoted(report.summary)});
      if (report.tool == "racecheck")
        sanitizer.facts.push_back(
            {"hazards", report.hazards > 0 ? say("{} in {} reports ({} errors, {} warnings)", report.hazards,
                                                 report.displayed, report.errors, report.warnings)
                                           : say("{} errors, {} warnings", report.errors, report.warnings)});
      else
        sanitizer.facts.push_back({"errors", say("{} ({} printed in full)", report.errors, report.displayed)});
    } else {
      sanitizer.facts.push_back({"its summary", say("none: the tool ended with exit code {} before printing one; "
                                                    "its output is below",
                                                    tool_run.value("exit_code", -1))});
    }
    if (!report.problem.empty()) sanitizer.facts.push_back({"it said", quoted(report.problem)});
    if (!report.findings.empty()) {
      const SanitizerFinding& first = report.findings.front();
      const std::string where = first.where.empty() ? "no line (compiled without line info)" : first.where;
      sanitizer.facts.push_back(
          {"first report", first.other.empty()
                               ? say("{} in {}, at {}", quoted(first.kind), first.kernel, where)
                               : say("{} in {}, at {} and {}", quoted(first.kind), first.kernel, where, first.other)});
      if (!first.thread.empty()) sanitizer.facts.push_back({"by", first.thread});
    }
    sanitizer.facts.push_back({"command", "`" + tool_run.value("command", std::string()) + "`"});
  } else if (!state.empty()) {
    sanitizer.facts.push_back({"not run", tool_state_words(state, tool_run)});
  }

  TableView table;
  table.title = say("{} at n = {}, side by side", kernel, n);
  table.columns = {"", "CUDA Lab (CPU emulator)", say("compute-sanitizer {} (GPU)", tool)};
  const bool tool_ran = (state == "ran" || state == "timed_out") && report.has_summary;
  const std::string not_run = "—";
  std::string tool_found = not_run, tool_where = not_run, tool_count = not_run;
  if (tool_ran) {
    tool_found = !report.found_something() ? "nothing"
                 : report.findings.empty() ? say("{} errors", report.errors)
                                           : quoted(report.findings.front().kind);
    std::vector<std::string> places;
    for (const SanitizerFinding& f : report.findings)
      for (const std::string* place : {&f.where, &f.other})
        if (!place->empty() && std::find(places.begin(), places.end(), *place) == places.end()) places.push_back(*place);
    tool_where.clear();
    for (const std::string& place : places) tool_where += (tool_where.empty() ? "" : ", ") + place;
    if (tool_where.empty()) tool_where = not_run;
    tool_count = report.tool == "racecheck" ? say("{} hazards", report.hazards > 0 ? report.hazards : report.errors + report.warnings)
                                            : say("{} errors", report.errors);
  }
  const bool emulator_found = verdict.kind != ex::VerdictKind::passed;
  const std::string emulator_where = lines_named(verdict.details);
  table.rows = {
      {"what it found", ex::to_string(verdict.kind), tool_found},
      {"where", emulator_where.empty() ? not_run : emulator_where, tool_where},
      {"how many", emulator_found ? "the first" : "none", tool_count},
  };

  std::vector<View> views = views_of(std::move(emulator), std::move(sanitizer), std::move(table));
  if (const std::string output = tool_run.value("output", ""); tool_ran || (!output.empty() && state != "not_started")) {
    CodeView log;
    log.title = "compute-sanitizer's output, as it printed it";
    std::size_t lines = 0, at = 0;
    while (at < output.size() && lines < kShownOutputLines) {
      at = output.find('\n', at);
      if (at == std::string::npos) at = output.size();
      else ++at;
      ++lines;
    }
    log.text = output.substr(0, at);
    if (at < output.size()) log.text += say("… ({} more bytes)\n", output.size() - at);
    views.push_back(std::move(log));
  }
  return views;
}

}  // namespace cudalab::lessons::tiles
