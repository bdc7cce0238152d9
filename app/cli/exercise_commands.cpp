#include "cli/exercise_commands.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include <fmt/format.h>

#include "cli/class_folder.h"
#include "cli/cli_language.h"
#include "cli/leaderboard.h"
#include "cudalab/backend_request.h"
#include "cudalab/files.h"
#include "cudalab/run.h"
#include "exercises/exercise.h"
#include "exercises/verdict.h"
#include "i18n/language.h"
#include "i18n/text_patterns.h"
#include "i18n/view_words.h"
#include "worker/sandboxed_check.h"
#include "worker/worker_client.h"

namespace cudalab::app {
namespace {

namespace fs = std::filesystem;
namespace ex = lessons::exercises;
using i18n::tr;
using i18n::tr_text;


const char* language_code() { return i18n::code_of(i18n::current_language()); }

// Verdict::text() in the current language: headline and details said (lessons/text/message.h);
// the compiler's own messages and what the kernel printed stay as they came.
std::string verdict_text(const ex::Verdict& verdict) {
  std::string out = lessons::said(verdict.headline) + "\n";
  for (const lessons::Message& line : verdict.details) out += "  " + lessons::said(line) + "\n";
  // What the submission wrote (the compiler quotes its names; its program prints what it likes)
  // reaches the terminal without control characters, line by line.
  for (const JitDiagnostic& d : verdict.diagnostics)
    out += fmt::format("  {}:{}:{}: {}: {}\n", printable(d.file), d.line, d.column, tr(d.error ? "error" : "warning"),
                       printable(d.message));
  if (!verdict.printed.empty()) {
    out += std::string(tr(ex::printed_heading(verdict))) + "\n";
    std::string_view printed = verdict.printed;
    while (!printed.empty()) {
      const std::size_t end = printed.find('\n');
      out += printable(printed.substr(0, end)) + "\n";
      printed.remove_prefix(end == std::string_view::npos ? printed.size() : end + 1);
    }
  }
  return out;
}

int bad_input(const std::string& message) {
  std::cerr << "cudalab: " << message << "\n";
  return 2;
}

std::string unknown_exercise(const std::string& id) {
  std::string names;
  for (const ex::Exercise& e : ex::all_exercises()) names += (names.empty() ? "" : ", ") + e.id;
  return fmt::format("no exercise named \"{}\"; there are: {}", id, names);
}

int list_exercises() {
  std::cout << fmt::format("{:<24} {:<16} {:<10} {:<5} {}\n", "id", tr("chapter"), tr("kind"), tr("tests"),
                           tr("title — what is checked"));
  for (const ex::Exercise& e : ex::all_exercises()) {
    const bool host = e.kind == ex::ExerciseKind::host;
    std::string checked = host ? tr("outputs vs the CPU, the error it returns, memory freed, copy sizes")
                               : tr("outputs vs the CPU, bounds");
    if (e.host_rule) checked += tr(", the exercise's rule");
    if (e.kind == ex::ExerciseKind::speed) checked += tr(", speed goals");
    for (const ex::AccessLimit& limit : e.limits)
      checked += limit.max_per_thread == 0
                     ? trf(", no {} of {}", tr(limit.reads ? "reads" : "writes"), limit.param)
                     : trf(", ≤ {} {} of {} per thread", limit.max_per_thread, tr(limit.reads ? "reads" : "writes"), limit.param);
    std::cout << fmt::format("{:<24} {:<16} {:<10} {:<5} {} — {}\n", e.id, e.chapter, tr(ex::to_string(e.kind)),
                             e.cases().size(), e.title_in(language_code()), checked);
  }
  return 0;
}

bool read_file(const fs::path& path, std::string* out, std::string* why) {
  std::error_code error;
  if (fs::is_directory(path, error)) {
    *why = path.string() + " is a folder";
    return false;
  }
  // A file named on the command line may be a link (the teacher's own); the size is checked still.
  const std::uintmax_t bytes = fs::file_size(path, error);
  if (!error && bytes > max_submission_bytes) {
    *why = fmt::format("{} is larger than a kernel file may be ({} bytes)", path.string(), bytes);
    return false;
  }
  std::optional<std::string> text = read_whole_file(path);
  if (!text) {
    *why = "cannot read " + path.string();
    return false;
  }
  *out = std::move(*text);
  return true;
}

// Which sandbox the checks run in, said once per command on stderr (stdout keeps the report).
void say_sandbox_once(const std::string& line) {
  static std::once_flag said;
  if (!line.empty()) std::call_once(said, [&] { std::cerr << line << "\n"; });
}

// One submission in a fresh sandboxed worker process (worker/sandboxed_check.h), with the time
// limits; the worker and all it started end with the check, and a GPU's pass is checked again by
// the emulator's checks.
ex::Verdict check_one(const ex::Exercise& exercise, const std::string& source, const ExerciseCommands& options) {
  const double seconds = options.time_limit_seconds > 0 ? options.time_limit_seconds : exercise.time_limit_seconds;
  worker::CheckRequest request{"", {backend_request_named(options.backend), 0}, exercise.id, source,
                               std::chrono::milliseconds(static_cast<long long>(seconds * 1000)),
                               std::chrono::milliseconds(static_cast<long long>(options.compile_limit_seconds * 1000))};
  lessons::RunControl control;
  worker::CheckOutcome outcome = worker::check_exercise(request, control);
  say_sandbox_once(outcome.sandbox);
  return std::move(outcome.verdict);  // English: the reports translate when they print
}

// The table's one line about a submission: its first detail, else its headline.
const lessons::Message& first_finding(const ex::Verdict& verdict) {
  return verdict.details.empty() ? verdict.headline : verdict.details.front();
}

// How many submissions are checked at once: -j, at most one per core. A check's time limit counts
// from its start, so more at once than cores would let the machine's load, not the kernel, decide
// who times out.
int jobs_for(const ExerciseCommands& options) {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  if (options.jobs <= 0) return cores;
  if (options.jobs > cores) {
    std::cerr << trf("-j {}: {} at a time (one per core), so that the machine's load cannot time a submission out",
                     options.jobs, cores)
              << "\n";
  }
  return std::min(options.jobs, cores);
}

int check_folder(const ex::Exercise& exercise, const ExerciseCommands& options) {
  std::string listing_problem;
  const std::vector<Submission> submissions = list_submissions(options.path, &listing_problem);
  if (submissions.empty()) {
    return bad_input(listing_problem.empty() ? "no .cu files in " + printable(options.path) : listing_problem);
  }
  if (!listing_problem.empty()) std::cerr << "cudalab: " << listing_problem << "\n";
  const int jobs = jobs_for(options);
  std::vector<ex::Verdict> verdicts(submissions.size());
  std::vector<double> seconds(submissions.size());
  std::atomic<std::size_t> next{0};
  std::mutex print;
  const auto started = std::chrono::steady_clock::now();
  auto work = [&] {
    for (std::size_t i = next++; i < submissions.size(); i = next++) {
      const Submission& submission = submissions[i];
      const auto begun = std::chrono::steady_clock::now();
      std::string source;
      Message why;
      if (!submission.problem.empty()) {
        verdicts[i] = ex::not_checked(exercise.id, submission.problem);
      } else if (!read_submission(submission.path, &source, &why)) {
        verdicts[i] = ex::not_checked(exercise.id, why);
      } else {
        verdicts[i] = check_one(exercise, source, options);
      }
      seconds[i] = std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
      std::lock_guard lock(print);
      std::cerr << fmt::format("[{}/{}] {}: {}\n", i + 1, submissions.size(), submission.name,
                               printable(lessons::said(verdicts[i].headline)));
    }
  };
  std::vector<std::thread> workers;
  for (int j = 0; j < jobs; ++j) workers.emplace_back(work);
  for (std::thread& t : workers) t.join();
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  std::size_t passed = 0;
  // The names' column is as wide as the longest name, so that the verdicts line up.
  std::size_t width = 28;
  for (const Submission& s : submissions) width = std::max(width, s.name.size());
  std::cout << fmt::format("{:<{}} {:<22} {:>6} {:>8}  {}\n", tr("submission"), width, tr("verdict"), tr("tests"), tr("seconds"),
                           tr("first finding"));
  for (std::size_t i = 0; i < submissions.size(); ++i) {
    const ex::Verdict& v = verdicts[i];
    passed += v.passed() ? 1 : 0;
    std::cout << fmt::format("{:<{}} {:<22} {:>3}/{:<2} {:>8.2f}  {}\n", submissions[i].name, width, tr(ex::to_string(v.kind)),
                             v.tests_passed, v.tests_total, seconds[i], printable(lessons::said(first_finding(v))));
  }
  // The device a pass ran on names the class's run: on a GPU, a race or a divergent barrier is
  // decided by the emulator's checks, and its verdict names the emulator.
  auto checked = std::find_if(verdicts.begin(), verdicts.end(), [](const ex::Verdict& v) { return v.passed() && !v.device.empty(); });
  if (checked == verdicts.end())
    checked = std::find_if(verdicts.begin(), verdicts.end(), [](const ex::Verdict& v) { return !v.device.empty(); });
  std::cout << trf("{} of {} submissions passed {} ({}), in {:.1f} s with {} job{}", passed, submissions.size(), exercise.id,
                   checked != verdicts.end() ? tr_text(checked->device) : std::string("-"), total, jobs, jobs == 1 ? "" : "s")
            << "\n";
  const bool speed = exercise.kind == ex::ExerciseKind::speed;
  if (speed) std::cout << leaderboard(submissions, verdicts);
  // Written whole (a temporary file beside it, then renamed): never half a table.
  if (!options.csv_path.empty()) {
    // A speed exercise's measure and goal come last, so that the first columns mean what they always do.
    std::string csv = std::string("submission,verdict,tests_passed,tests_total,seconds,finding") + (speed ? ",measure,goal" : "") + "\n";
    for (std::size_t i = 0; i < submissions.size(); ++i)
      csv += fmt::format("{},{},{},{},{:.3f},{}{}\n", csv_cell(submissions[i].name), ex::to_string(verdicts[i].kind),
                         verdicts[i].tests_passed, verdicts[i].tests_total, seconds[i], csv_cell(first_finding(verdicts[i]).english()),
                         speed ? "," + speed_csv_cells(verdicts[i]) : std::string());
    if (Status s = save_text(csv, options.csv_path); !s.ok()) return bad_input(s.describe());
  }
  if (!options.json_path.empty()) {
    nlohmann::json all = nlohmann::json::array();
    for (std::size_t i = 0; i < submissions.size(); ++i) {
      nlohmann::json row = ex::to_json(verdicts[i]);
      row["submission"] = submissions[i].name;
      all.push_back(row);
    }
    if (Status s = save_json(all, options.json_path); !s.ok()) return bad_input(s.describe());
  }
  return passed == submissions.size() ? 0 : 1;
}

}  // namespace

void add_exercise_commands(CLI::App& cli, ExerciseCommands* c) {
  c->list = cli.add_subcommand("exercises", "List the exercises and what each checks");
  c->show = cli.add_subcommand("exercise", "Print an exercise's statement, starter kernel, hints or solution");
  c->show->add_option("id", c->exercise, "The exercise (see `cudalab exercises`)")->required();
  auto* which = c->show->add_option_group("what");
  which->add_flag("--starter", c->starter, "The starter kernel, to save as your file");
  which->add_flag("--solution", c->solution, "The reference solution (for the teacher)");
  which->add_flag("--hints", c->hints, "The hints, in order");
  which->require_option(0, 1);
  c->check = cli.add_subcommand("check", "Check a kernel file for an exercise (exit 0 passed, 1 not, 2 bad input); "
                                         "a folder grades every .cu file in it into a table");
  c->check->add_option("id", c->exercise, "The exercise")->required();
  c->check->add_option("path", c->path, "The student's .cu file, or a folder of them (one per student)")->required();
  c->check->add_option("--backend", c->backend, "gpu, emu or auto")->check(CLI::IsMember({"gpu", "emu", "auto"}));
  c->check->add_option("--json", c->json_path, "Also write the verdict(s) as JSON to FILE");
  c->check->add_option("--csv", c->csv_path, "A folder's table as CSV to FILE");
  c->check->add_option("-j,--jobs", c->jobs, "A folder: how many submissions to check at once (default and most: one per core)")
      ->check(CLI::Range(1, 64));
  c->check->add_option("--time-limit", c->time_limit_seconds,
                       "Seconds a submission's tests may run, from when it compiled (default: the exercise's)")
      ->check(CLI::Range(0.5, 3600.0));
  c->check->add_option("--compile-limit", c->compile_limit_seconds, "Seconds a submission may take to compile (default: 45)")
      ->check(CLI::Range(1.0, 3600.0));
  for (CLI::App* command : {c->list, c->show, c->check}) {
    command->add_option("--lang", c->language, "Language of the text: en or zh-CN (default: as the window, else the locale)")
        ->check(CLI::IsMember({"en", "zh-CN"}));
  }
}

int run_exercise_commands(const ExerciseCommands& c) {
  const bool list = c.list != nullptr && *c.list;
  const bool show = c.show != nullptr && *c.show, check = c.check != nullptr && *c.check;
  if (!list && !show && !check) return -1;
  choose_cli_language(c.language);
  if (list) return list_exercises();
  const ex::Exercise* exercise = ex::find_exercise(c.exercise);
  if (exercise == nullptr) return bad_input(unknown_exercise(c.exercise));
  if (show) {
    if (c.starter) std::cout << exercise->starter();
    else if (c.solution) std::cout << exercise->solution();
    else if (c.hints)
      for (const std::string& hint : exercise->hints(language_code())) std::cout << "- " << hint << "\n";
    else std::cout << exercise->statement(language_code()) << "\n" << tr("The kernel: ") << exercise->signature() << "\n";
    return 0;
  }
  std::error_code error;
  if (fs::is_directory(c.path, error)) return check_folder(*exercise, c);
  std::string source, why;
  if (!read_file(c.path, &source, &why)) return bad_input(why);
  const ex::Verdict verdict = check_one(*exercise, source, c);
  std::cout << verdict_text(verdict);
  std::cout << trf("({} · compiled in {:.2f} s · ran in {:.2f} s)", tr_text(verdict.device), verdict.compile_seconds,
                   verdict.run_seconds)
            << "\n";
  if (!c.json_path.empty())
    if (Status s = save_json(ex::to_json(verdict), c.json_path); !s.ok()) return bad_input(s.describe());
  return verdict.passed() ? 0 : 1;
}

}  // namespace cudalab::app
