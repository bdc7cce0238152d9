#pragma once
// `cudalab exercises`, `cudalab exercise ID`, `cudalab check ID FILE|DIR`: the teacher's grader.
// Every submission is checked in its own sandboxed worker process (app/sandbox: namespaces, a new
// root, rlimits, seccomp; ARCHITECTURE.md, "Student code is hostile") with the exercise's time
// limit, so an endless loop costs its own limit and nothing else, and the verdict is decided here,
// where the student's code never ran. A folder's entries are read by cli/class_folder.h: each a
// row, whatever it holds.
#include <string>

#include <CLI/CLI.hpp>

namespace cudalab::app {

struct ExerciseCommands {
  CLI::App* list = nullptr;
  CLI::App* show = nullptr;
  CLI::App* check = nullptr;
  std::string exercise;
  bool starter = false, solution = false, hints = false;
  std::string path;
  std::string backend = "auto";
  std::string json_path, csv_path;
  int jobs = 0;  // 0: one per core
  double time_limit_seconds = 0;     // the tests' (0: the exercise's)
  double compile_limit_seconds = 0;  // the compile's, apart (0: the worker client's default)
  std::string language;  // --lang: en or zh-CN (else settings.json, else the locale)
};

void add_exercise_commands(CLI::App& cli, ExerciseCommands* commands);
// -1 when none of the three was given; else the exit code (0 passed/ok, 1 not passed, 2 bad input).
int run_exercise_commands(const ExerciseCommands& commands);

}  // namespace cudalab::app
