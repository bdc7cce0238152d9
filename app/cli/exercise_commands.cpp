#include "cli/exercise_commands.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <sstream>
#include <thread>

#include <fmt/format.h>

#include "cudalab/run.h"
#include "exercises/exercise.h"
#include "exercises/verdict.h"
#include "worker/worker_client.h"

namespace cudalab::app {
namespace {

namespace fs = std::filesystem;
namespace ex = lessons::exercises;

int bad_input(const std::string& message) {
  std::cerr << "cudalab: " << message << "\n";
  return 2;
}

BackendRequest request_of(const std::string& name) {
  if (name == "gpu") return BackendRequest::gpu;
  if (name == "emu") return BackendRequest::emulator;
  return BackendRequest::automatic;
}

std::string unknown_exercise(const std::string& id) {
  std::string names;
  for (const ex::Exercise& e : ex::all_exercises()) names += (names.empty() ? "" : ", ") + e.id;
  return fmt::format("no exercise named \"{}\"; there are: {}", id, names);
}

int list_exercises() {
  std::cout << fmt::format("{:<14} {:<16} {:<5} {}\n", "id", "chapter", "tests", "title — what is checked");
  for (const ex::Exercise& e : ex::all_exercises()) {
    std::string checked = "outputs vs the CPU, bounds";
    for (const ex::AccessLimit& limit : e.limits)
      checked += limit.max_per_thread == 0
                     ? fmt::format(", no {} of {}", limit.reads ? "reads" : "writes", limit.param)
                     : fmt::format(", ≤ {} {} of {} per thread", limit.max_per_thread, limit.reads ? "reads" : "writes", limit.param);
    std::cout << fmt::format("{:<14} {:<16} {:<5} {} — {}\n", e.id, e.chapter, e.cases().size(), e.title, checked);
  }
  return 0;
}

bool read_file(const fs::path& path, std::string* out, std::string* why) {
  std::error_code error;
  if (fs::is_directory(path, error)) {
    *why = path.string() + " is a folder";
    return false;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *why = "cannot read " + path.string();
    return false;
  }
  std::ostringstream text;
  text << in.rdbuf();
  *out = text.str();
  return true;
}

// One submission in a fresh worker process, with the time limit.
ex::Verdict check_one(const ex::Exercise& exercise, const std::string& source, const ExerciseCommands& options) {
  worker::WorkerClient client;
  DeviceFacts facts;
  if (Status s = client.open({request_of(options.backend), 0}, nullptr, &facts); !s.ok()) {
    ex::Verdict verdict;
    verdict.exercise = exercise.id;
    verdict.headline = "Cannot check here";
    verdict.details.push_back(s.message);
    return verdict;
  }
  lessons::RunControl control;
  const double seconds = options.time_limit_seconds > 0 ? options.time_limit_seconds : exercise.time_limit_seconds;
  const Run run = client.check(exercise.id, source, control, std::chrono::milliseconds(static_cast<long long>(seconds * 1000)));
  ex::Verdict verdict = ex::verdict_of_run(run, exercise.id);
  if (verdict.device.empty()) verdict.device = facts.name;
  return verdict;
}

std::string csv_field(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  if (text.find_first_of(",\"") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// The table's one line about a submission: its first detail, else its headline.
std::string first_finding(const ex::Verdict& verdict) {
  return verdict.details.empty() ? verdict.headline : verdict.details.front();
}

int check_folder(const ex::Exercise& exercise, const ExerciseCommands& options) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(options.path))
    if (entry.is_regular_file() && (entry.path().extension() == ".cu" || entry.path().extension() == ".cuh")) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  if (files.empty()) return bad_input("no .cu files in " + options.path);
  std::vector<ex::Verdict> verdicts(files.size());
  std::vector<double> seconds(files.size());
  std::atomic<std::size_t> next{0};
  std::mutex print;
  const auto started = std::chrono::steady_clock::now();
  auto work = [&] {
    for (std::size_t i = next++; i < files.size(); i = next++) {
      const auto begun = std::chrono::steady_clock::now();
      std::string source, why;
      if (!read_file(files[i], &source, &why)) {
        verdicts[i].headline = "Cannot check here";
        verdicts[i].details.push_back(why);
      } else {
        verdicts[i] = check_one(exercise, source, options);
      }
      seconds[i] = std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
      std::lock_guard lock(print);
      std::cerr << fmt::format("[{}/{}] {}: {}\n", i + 1, files.size(), files[i].filename().string(), verdicts[i].headline);
    }
  };
  std::vector<std::thread> workers;
  for (int j = 0; j < std::max(1, options.jobs); ++j) workers.emplace_back(work);
  for (std::thread& t : workers) t.join();
  const double total = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();

  std::size_t passed = 0;
  std::cout << fmt::format("{:<28} {:<22} {:>6} {:>8}  {}\n", "submission", "verdict", "tests", "seconds", "first finding");
  for (std::size_t i = 0; i < files.size(); ++i) {
    const ex::Verdict& v = verdicts[i];
    passed += v.passed() ? 1 : 0;
    std::cout << fmt::format("{:<28} {:<22} {:>3}/{:<2} {:>8.2f}  {}\n", files[i].filename().string(), ex::to_string(v.kind),
                             v.tests_passed, v.tests_total, seconds[i], first_finding(v));
  }
  std::cout << fmt::format("{} of {} submissions passed {} ({}), in {:.1f} s with {} job{}\n", passed, files.size(), exercise.id,
                           verdicts.front().device, total, options.jobs, options.jobs == 1 ? "" : "s");
  if (!options.csv_path.empty()) {
    std::ofstream csv(options.csv_path);
    csv << "submission,verdict,tests_passed,tests_total,seconds,finding\n";
    for (std::size_t i = 0; i < files.size(); ++i)
      csv << fmt::format("{},{},{},{},{:.3f},{}\n", csv_field(files[i].filename().string()), ex::to_string(verdicts[i].kind),
                         verdicts[i].tests_passed, verdicts[i].tests_total, seconds[i],
                         csv_field(first_finding(verdicts[i])));
    if (!csv) return bad_input("cannot write " + options.csv_path);
  }
  if (!options.json_path.empty()) {
    nlohmann::json all = nlohmann::json::array();
    for (std::size_t i = 0; i < files.size(); ++i) {
      nlohmann::json row = ex::to_json(verdicts[i]);
      row["submission"] = files[i].filename().string();
      all.push_back(row);
    }
    if (Status s = save_json(all, options.json_path); !s.ok()) return bad_input(s.describe());
  }
  return passed == files.size() ? 0 : 1;
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
  c->check->add_option("-j,--jobs", c->jobs, "A folder: how many submissions to check at once")->check(CLI::Range(1, 64));
  c->check->add_option("--time-limit", c->time_limit_seconds, "Seconds per submission (default: the exercise's)")
      ->check(CLI::Range(0.5, 3600.0));
}

int run_exercise_commands(const ExerciseCommands& c) {
  if (c.list != nullptr && *c.list) return list_exercises();
  const bool show = c.show != nullptr && *c.show, check = c.check != nullptr && *c.check;
  if (!show && !check) return -1;
  const ex::Exercise* exercise = ex::find_exercise(c.exercise);
  if (exercise == nullptr) return bad_input(unknown_exercise(c.exercise));
  if (show) {
    if (c.starter) std::cout << exercise->starter();
    else if (c.solution) std::cout << exercise->solution();
    else if (c.hints)
      for (const std::string& hint : exercise->hints()) std::cout << "- " << hint << "\n";
    else std::cout << exercise->statement() << "\nThe kernel: " << exercise->signature() << "\n";
    return 0;
  }
  std::error_code error;
  if (fs::is_directory(c.path, error)) return check_folder(*exercise, c);
  std::string source, why;
  if (!read_file(c.path, &source, &why)) return bad_input(why);
  const ex::Verdict verdict = check_one(*exercise, source, c);
  std::cout << verdict.text();
  std::cout << fmt::format("({} · compiled in {:.2f} s · ran in {:.2f} s)\n", verdict.device, verdict.compile_seconds, verdict.run_seconds);
  if (!c.json_path.empty())
    if (Status s = save_json(ex::to_json(verdict), c.json_path); !s.ok()) return bad_input(s.describe());
  return verdict.passed() ? 0 : 1;
}

}  // namespace cudalab::app
