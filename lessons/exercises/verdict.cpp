#include "exercises/verdict.h"

#include <array>
#include <cctype>
#include <cmath>
#include <limits>
#include <utility>

#include <fmt/format.h>

#include "cudalab/run.h"
#include "exercises/evidence.h"
#include "exercises/exercise.h"

namespace cudalab::lessons::exercises {
namespace {
constexpr std::array<std::pair<VerdictKind, const char*>, 15> kNames{{
    {VerdictKind::passed, "passed"},
    {VerdictKind::wrong_result, "wrong result"},
    {VerdictKind::out_of_bounds, "out of bounds"},
    {VerdictKind::data_race, "data race"},
    {VerdictKind::too_many_accesses, "too many reads or writes"},
    {VerdictKind::divergent_barrier, "divergent barrier"},
    {VerdictKind::kernel_fault, "kernel fault"},
    {VerdictKind::timed_out, "timed out"},
    {VerdictKind::does_not_compile, "does not compile"},
    {VerdictKind::wrong_signature, "wrong signature"},
    {VerdictKind::cannot_run, "cannot run"},
    {VerdictKind::leaks_memory, "leaks device memory"},
    {VerdictKind::misses_an_error, "misses a failed launch"},
    {VerdictKind::breaks_the_rule, "breaks the exercise's rule"},
    {VerdictKind::too_slow, "too slow"},
}};
}  // namespace

const char* to_string(VerdictKind kind) {
  for (const auto& [k, name] : kNames)
    if (k == kind) return name;
  return "cannot run";
}

Message failed_test_headline(VerdictKind kind, int index, int total, const Message& test_name) {
  std::string kind_words = to_string(kind);
  kind_words[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(kind_words[0])));
  return message("{}: test {} of {} ({})", kind_words, index + 1, total, test_name);
}

bool parse_verdict_kind(const std::string& text, VerdictKind* out) {
  for (const auto& [k, name] : kNames)
    if (text == name) {
      *out = k;
      return true;
    }
  return false;
}

std::string Verdict::text() const {
  std::string out = said(headline) + "\n";
  for (const Message& line : details) out += "  " + said(line) + "\n";
  for (const JitDiagnostic& d : diagnostics)
    out += fmt::format("  {}:{}:{}: {}: {}\n", d.file, d.line, d.column, d.error ? "error" : "warning", d.message);
  if (!printed.empty()) out += std::string(printed_heading(*this)) + "\n" + printed + (printed.ends_with('\n') ? "" : "\n");
  return out;
}

const char* printed_heading(const Verdict& verdict) {
  const Exercise* exercise = find_exercise(verdict.exercise);
  return exercise != nullptr && exercise->kind == ExerciseKind::host ? "Printed by the program:" : "Printed by the kernel:";
}

namespace {
// JSON has no infinity or NaN (nlohmann writes null): a kernel that divides by zero still gets its
// verdict, its wrong elements saying "inf" or "nan".
nlohmann::json number_to_json(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return value;
}
double number_from_json(const nlohmann::json& j) {
  if (j.is_number()) return j.get<double>();
  if (j == "inf") return std::numeric_limits<double>::infinity();
  if (j == "-inf") return -std::numeric_limits<double>::infinity();
  return std::numeric_limits<double>::quiet_NaN();
}
}  // namespace

nlohmann::json to_json(const Verdict& v) {
  nlohmann::json j = {{"verdict", to_string(v.kind)},  {"exercise", v.exercise},         {"headline", v.headline.english()},
                      {"details", nlohmann::json::array()},           {"failed_test", v.failed_test},  {"tests_passed", v.tests_passed},
                      {"tests_total", v.tests_total},   {"compiler_log", v.compiler_log}, {"compiler", v.compiler},
                      {"device", v.device},             {"compile_seconds", v.compile_seconds},
                      {"run_seconds", v.run_seconds},   {"printed", v.printed},
                      {"diagnostics", nlohmann::json::array()},
                      {"wrong", nlohmann::json::array()}};
  // The English for whoever reads the file; the messages for a reader that speaks another language.
  j["headline_message"] = to_json(v.headline);
  j["detail_messages"] = nlohmann::json::array();
  for (const Message& line : v.details) {
    j["details"].push_back(line.english());
    j["detail_messages"].push_back(to_json(line));
  }
  for (const JitDiagnostic& d : v.diagnostics)
    j["diagnostics"].push_back({{"file", d.file}, {"line", d.line}, {"column", d.column}, {"error", d.error}, {"message", d.message}});
  for (const WrongElement& w : v.wrong)
    j["wrong"].push_back({{"param", w.param},
                          {"index", w.index},
                          {"expected", number_to_json(w.expected)},
                          {"got", number_to_json(w.got)},
                          {"writer", w.writer}});
  if (v.speed) j["speed"] = to_json(*v.speed);
  if (v.picture)
    j["picture"] = {{"param", v.picture->param}, {"width", v.picture->width}, {"height", v.picture->height}, {"cells", v.picture->cells}};
  return j;
}

namespace {
// The messages where they read, else the English as it came (a file from before messages, or a
// hand-made one): said through the app's tables, as any English from elsewhere.
void read_messages(const nlohmann::json& j, Verdict* v) {
  if (const auto m = j.find("headline_message"); m == j.end() || !from_json(*m, &v->headline).ok())
    v->headline = Message::text(j.value("headline", ""));
  // Line by line: a line whose message does not read is its English.
  const auto english = j.value("details", std::vector<std::string>{});
  const auto lines = j.find("detail_messages");
  if (lines != j.end() && lines->is_array()) {
    for (std::size_t i = 0; i < lines->size(); ++i) {
      Message read;
      if (!from_json((*lines)[i], &read).ok()) read = Message::text(i < english.size() ? english[i] : "");
      v->details.push_back(std::move(read));
    }
    return;
  }
  for (const std::string& line : english) v->details.push_back(Message::text(line));
}
}  // namespace

Status from_json(const nlohmann::json& j, Verdict* out) {
  try {
    Verdict v;
    if (!parse_verdict_kind(j.at("verdict").get<std::string>(), &v.kind))
      return Status::error(StatusCode::invalid_argument, "unknown verdict " + j.at("verdict").dump());
    v.exercise = j.value("exercise", "");
    read_messages(j, &v);
    v.failed_test = j.value("failed_test", "");
    v.tests_passed = j.value("tests_passed", 0);
    v.tests_total = j.value("tests_total", 0);
    v.compiler_log = j.value("compiler_log", "");
    v.compiler = j.value("compiler", "");
    v.device = j.value("device", "");
    v.compile_seconds = j.value("compile_seconds", 0.0);
    v.run_seconds = j.value("run_seconds", 0.0);
    v.printed = j.value("printed", "");
    for (const auto& d : j.value("diagnostics", nlohmann::json::array()))
      v.diagnostics.push_back({d.value("file", ""), d.value("line", 0), d.value("column", 0), d.value("error", true), d.value("message", "")});
    for (const auto& w : j.value("wrong", nlohmann::json::array()))
      v.wrong.push_back({w.value("param", ""), w.value("index", 0LL), number_from_json(w.value("expected", nlohmann::json(0.0))),
                         number_from_json(w.value("got", nlohmann::json(0.0))), w.value("writer", "")});
    if (const auto p = j.find("picture"); p != j.end() && p->is_object())
      v.picture = CellPicture{p->value("param", ""), p->value("width", 0), p->value("height", 0),
                              p->value("cells", std::vector<std::uint8_t>{})};
    if (const auto speed = j.find("speed"); speed != j.end()) {
      SpeedResult result;
      if (from_json(*speed, &result)) v.speed = std::move(result);
    }
    *out = std::move(v);
    return Status::success();
  } catch (const nlohmann::json::exception& error) {
    return Status::error(StatusCode::invalid_argument, std::string("a verdict this app cannot read: ") + error.what());
  }
}

Verdict not_checked(const std::string& exercise, const std::string& why) { return not_checked(exercise, Message::text(why)); }

Verdict not_checked(const std::string& exercise, Message why) {
  Verdict verdict;
  verdict.exercise = exercise;
  verdict.kind = VerdictKind::cannot_run;
  verdict.headline = message("Not checked");
  verdict.details.push_back(std::move(why));
  return verdict;
}

namespace {
// A GPU's pass, weighed against the emulator's run of the same file (app/worker/sandboxed_check.h):
// what the emulator's checks find stands, with a word on why the GPU did not see it. Where the
// emulator could not judge (no compiler, too slow, PTX it cannot compile) the GPU's pass stands.
// A GPU's kernel fault is explained by the emulator's out-of-bounds finding where there is one.
Verdict with_emulator_checks(Verdict gpu, const nlohmann::json& emulated_run, const std::string& exercise) {
  Run emulated;
  if (!from_json(emulated_run, &emulated).ok()) return gpu;
  Verdict second = verdict_of_run(emulated, exercise);
  const std::string device = gpu.device.empty() ? std::string("the GPU") : gpu.device;
  if (gpu.kind == VerdictKind::kernel_fault) {
    // The GPU says only that an address was illegal; the emulator's bounds checks say which.
    if (second.kind != VerdictKind::out_of_bounds) return gpu;
    second.details.insert(second.details.begin(),
                          message("The kernel faulted on {}, and the CPU emulator's checks found where:", device));
    return second;
  }
  switch (second.kind) {
    case VerdictKind::passed:
    case VerdictKind::timed_out:
    case VerdictKind::does_not_compile:
    case VerdictKind::wrong_signature:
    case VerdictKind::cannot_run:
    case VerdictKind::too_slow:  // counted requests, where the GPU timed the kernel itself
      return gpu;
    default:
      break;
  }
  // A race or a barrier is the schedule's luck; an access out of bounds or one too many is what
  // the GPU's probe does not follow (a __shared__ array, a plain pointer copy).
  const bool schedule = second.kind == VerdictKind::data_race || second.kind == VerdictKind::divergent_barrier;
  second.details.insert(second.details.begin(),
                        schedule ? message("Every test passed on {}, but the CPU emulator's checks found this: the GPU's "
                                           "schedule happened to hide it, and another run, or another GPU, may not.",
                                           device)
                                 : message("Every test passed on {}, but the CPU emulator's closer checks found this:", device));
  return second;
}
}  // namespace

Verdict verdict_of_run(const Run& run, const std::string& exercise) {
  Verdict verdict;
  if (const auto found = run.results.find("verdict"); found != run.results.end()) {
    if (Status s = from_json(*found, &verdict); s.ok()) {
      // The worker ran the student's code: its "passed" is a claim, confirmed here (evidence.h).
      const Exercise* spec = find_exercise(exercise);
      const auto emulated = run.results.find("emulator_check");
      if (verdict.kind == VerdictKind::kernel_fault && emulated != run.results.end())
        return with_emulator_checks(std::move(verdict), *emulated, exercise);
      if (!verdict.passed()) return verdict;
      if (spec == nullptr) {
        verdict.kind = VerdictKind::cannot_run;
        verdict.headline = message("Cannot check here");
        verdict.details = {message("no exercise named {}", as_is(exercise))};
        return verdict;
      }
      CheckEvidence evidence;
      if (const auto outputs = run.results.find("evidence"); outputs != run.results.end()) {
        if (Status e = from_json(*outputs, &evidence); !e.ok()) evidence = {};
      }
      Verdict confirmed = confirm_verdict(*spec, std::move(verdict), evidence);
      if (confirmed.passed() && emulated != run.results.end()) return with_emulator_checks(std::move(confirmed), *emulated, exercise);
      return confirmed;
    }
  }
  verdict.exercise = exercise;
  verdict.device = run.device.name;
  verdict.compile_seconds = run.results.value("compile_seconds", 0.0);
  const bool compiling = run.status.code == StatusCode::timeout &&
                         run.status.message.find("the check's compile limit") != std::string::npos;
  switch (run.status.code) {
    case StatusCode::timeout:
      verdict.kind = VerdictKind::timed_out;
      verdict.headline = compiling ? message("Timed out while compiling") : message("Timed out");
      verdict.details.push_back(run.status.words_or_text());
      if (!compiling)
        verdict.details.push_back(message("Is there a loop that never ends (a stride of 0, a condition that stays true), or a "
                                          "__syncthreads() some threads never reach?"));
      break;
    case StatusCode::ok:
      verdict.kind = VerdictKind::cannot_run;
      verdict.headline = message("{}: the check gave no verdict", "Cannot check here");
      break;
    case StatusCode::kernel_fault:
      verdict.kind = VerdictKind::kernel_fault;
      verdict.headline = message("{}: the check stopped", "Kernel fault");
      verdict.details.push_back(run.status.words_or_text());
      break;
    default:
      verdict.kind = VerdictKind::cannot_run;
      verdict.headline = message("Cannot check here");
      verdict.details.push_back(run.status.words_or_text());
  }
  // The worker said which test it had started (worker_client.cpp): the verdict names it, as one
  // that came back in words would.
  const Exercise* spec = find_exercise(exercise);
  const auto test = run.results.find("stopped_in_test");
  if (spec != nullptr && test != run.results.end() && test->is_number_integer() &&
      (verdict.kind == VerdictKind::timed_out || verdict.kind == VerdictKind::kernel_fault)) {
    const std::vector<TestCase> tests = spec->cases();
    const int index = test->get<int>();
    if (index >= 0 && index < static_cast<int>(tests.size())) {
      const TestCase& failed = tests[static_cast<std::size_t>(index)];
      verdict.tests_total = static_cast<int>(tests.size());
      verdict.tests_passed = index;
      verdict.failed_test = failed.name.english();
      verdict.headline = failed_test_headline(verdict.kind, index, verdict.tests_total, failed.name);
      verdict.details.push_back(test_line(*spec, failed));
    }
  }
  return verdict;
}

}  // namespace cudalab::lessons::exercises
