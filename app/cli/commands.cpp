#include "cli/commands.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <fcntl.h>

#include <algorithm>
#include <optional>
#include <string_view>
#include <fstream>
#include <iostream>

#include "cli/cli_language.h"
#include "cli/exercise_bench.h"
#include "cli/exercise_commands.h"
#include "cli/latency_bench.h"
#include "cli/record_command.h"
#include "cli/step_bench.h"
#include "cli/text_report.h"
#include "cudalab/backend_request.h"
#include "emulator_bench.h"
#include "hidden_commands.h"
#include "i18n/language.h"
#include "i18n/text_patterns.h"
#include "i18n/view_words.h"
#include "lesson.h"
#include "matmul_bench.h"
#include "prediction.h"
#include "run_checks.h"
#include "sandbox/sandbox.h"
#include "cli/exec_command.h"
#include "worker/messages.h"
#include "worker/protocol.h"
#include "worker/step_host.h"
#include "worker/worker_main.h"

namespace cudalab::app {
namespace {

struct StepOptions {
  std::string chapter;
  int step = 1;  // 1-based on the command line, as in the lesson text
  std::vector<std::string> assignments;
  std::string backend = "auto";
};

void add_step_options(CLI::App* command, StepOptions* options) {
  command->add_option("chapter", options->chapter, "Chapter id or number (see `cudalab list`)")->required();
  command->add_option("--step", options->step, "Step number, from 1")->check(CLI::PositiveNumber);
  command->add_option("--set", options->assignments, "Parameter value: name=value (repeatable)");
  command->add_option("--backend", options->backend, "gpu, emu or auto")
      ->check(CLI::IsMember({"gpu", "emu", "auto"}));
}

int fail_usage(const std::string& message) {
  std::cerr << "cudalab: " << message << "\n";
  return 2;
}

// A step's question in the current language, its {parameters} filled in: translated before the
// values go in, as the window's prediction card does (the English with its holes is the key).
std::string question_in_language(const lessons::Step& step, const lessons::ParamValues& values) {
  lessons::Step asked = step;
  asked.prediction->question = i18n::tr(asked.prediction->question);
  return lessons::prediction_question(asked, values);
}

int command_list(const std::string& language) {
  choose_cli_language(language);
  auto lessons = lessons::make_lessons();
  for (std::size_t i = 0; i < lessons.size(); ++i) {
    const auto& lesson = *lessons[i];
    auto steps = lesson.steps();
    // Titles as the window shows them: from lesson.zh-CN.md when the language is Chinese.
    std::vector<ChapterWords> titles;
    for (std::size_t s = 0; s < steps.size(); ++s)
      titles.push_back(chapter_words(lesson.folder(), static_cast<int>(s), lesson.title(), steps[s].title));
    std::cout << fmt::format("{:>2}  {:<10} {}\n", lessons::chapter_number(lesson), lesson.id(),
                             titles.empty() ? lesson.title() : titles.front().chapter);
    for (std::size_t s = 0; s < steps.size(); ++s) {
      std::string params;  // the names --set takes: identifiers, never translated
      for (const auto& p : steps[s].params) params += (params.empty() ? "" : ", ") + p.name;
      std::cout << fmt::format("      {}. {}{}\n", s + 1, titles[s].step, params.empty() ? "" : "  [" + params + "]");
      if (steps[s].prediction) {
        std::cout << fmt::format("         {}{}\n", i18n::tr("predict: "),
                                 question_in_language(steps[s], lessons::defaults(steps[s])));
      }
    }
  }
  return 0;
}

int command_devices(const std::string& language) {
  choose_cli_language(language);
  for (const auto& choice : list_backends())
    std::cout << fmt::format("{:<6} {}\n", choice.id, i18n::device_label(choice.facts));
  return 0;
}

int command_run(const StepOptions& options, const std::string& json_path, double time_limit_seconds,
                const std::optional<std::string>& predicted_text, const std::string& language) {
  choose_cli_language(language);
  auto lessons = lessons::make_lessons();
  lessons::StepSelection target;
  if (Status s = lessons::select_step(lessons, options.chapter, options.step - 1, options.assignments, &target); !s.ok())
    return fail_usage(s.message);
  const lessons::Step step = target.lesson->steps()[static_cast<std::size_t>(target.step)];
  // A prediction is checked before anything runs: a typo costs no run.
  double predicted = 0;
  if (predicted_text) {
    if (!step.prediction) return fail_usage(fmt::format("step \"{}\" asks no question to predict", step.title));
    if (Status s = lessons::parse_prediction(*step.prediction, *predicted_text, &predicted); !s.ok())
      return fail_usage(s.message);
  }
  const auto chapter = static_cast<int>(
      std::find_if(lessons.begin(), lessons.end(), [&](const auto& l) { return l.get() == target.lesson; }) - lessons.begin());
  // The step runs in a worker process, as in the window: a kernel that hangs or crashes ends
  // that process, and this one reports it.
  auto host = worker::make_worker_host();
  DeviceFacts facts;
  if (Status s = host->open({backend_request_named(options.backend), 0}, nullptr, &facts); !s.ok()) return fail_usage(s.describe());
  // On the emulator, what was not --set starts from the emulator's defaults (Param::emulator_default).
  if (!facts.is_gpu()) {
    if (Status s = lessons::select_step(lessons, options.chapter, options.step - 1, options.assignments, &target, true);
        !s.ok())
      return fail_usage(s.message);
  }
  lessons::RunControl control;
  Run run = host->run(*target.lesson, chapter, target.step, target.values, control,
                      worker::time_limit_of(*target.lesson, target.step, time_limit_seconds));
  std::optional<lessons::PredictionVerdict> verdict;
  if (predicted_text) {
    verdict = lessons::judge_prediction(step, target.values, predicted, run);
    if (verdict) lessons::record_prediction(*verdict, &run);
  }
  auto views = target.lesson->views(target.step, run);
  const ChapterWords titles = chapter_words(target.lesson->folder(), target.step, target.lesson->title(), step.title);
  print_run(std::cout, fmt::format(fmt::runtime(i18n::tr("{} · step {}: {}")), titles.chapter, target.step + 1, titles.step),
            run, views);
  if (predicted_text) {
    std::cout << "\n" << i18n::tr("Predict: ") << question_in_language(step, target.values) << "\n"
              << (verdict ? i18n::tr_text(verdict->in_words) : i18n::tr("The run has no answer to compare with: it did not finish."))
              << "\n";
  }
  if (!json_path.empty()) {
    if (Status s = save_run(run, json_path); !s.ok()) {
      std::cerr << "cudalab: " << s.describe() << "\n";
      return 1;
    }
    std::cout << "\n" << i18n::tr("run saved to ") << json_path << "\n";
  }
  return run.status.ok() ? 0 : 1;
}

}  // namespace

int run_command_line(int argc, char** argv, const OpenWindow& open_window) {
  // The worker process (worker/worker_main.h): started by this executable itself, never listed.
  // `worker --sandbox`: a fresh worker for one check, sandboxed before it does anything else
  // (sandbox/sandbox.h); its first message says which layers hold.
  const bool sandboxed = argc >= 3 && std::string_view(argv[2]) == "--sandbox";
  if ((argc == 2 || sandboxed) && std::string_view(argv[1]) == "worker") {
    if (::fcntl(worker::worker_channel_fd, F_GETFD) < 0) {
      std::cerr << "cudalab: `cudalab worker` is started by the app itself, with a channel on fd 3\n";
      return 2;
    }
    if (sandboxed) {
      const sandbox::Report report = sandbox::enter_sandbox(sandbox::options_from(argc, argv));
      if (!worker::send(worker::worker_channel_fd, worker::tell::Sandbox{report.line()})) return 0;
    }
    return worker::run_worker(worker::worker_channel_fd);
  }
  // A program a step starts as its child (lessons/hidden_commands.h): never listed either.
  if (argc >= 2) {
    if (const lessons::HiddenCommand* hidden = lessons::find_hidden_command(argv[1])) return hidden->main(argc, argv);
  }
  CLI::App cli{"CUDA Lab: learn CUDA with real kernels, on a GPU or on the CPU emulator.\n"
               "Without a command, opens the desktop app."};
  cli.set_version_flag("--version", std::string("cudalab ") + CUDALAB_VERSION);
  cli.require_subcommand(0, 1);

  GuiOptions gui;
  std::string gui_backend = "auto";
  cli.add_option("--backend", gui_backend, "gpu, emu or auto")->check(CLI::IsMember({"gpu", "emu", "auto"}));
  // Look options for the window, the screenshot and the tour alike (otherwise: as last saved).
  auto add_look_options = [&gui](CLI::App* command) {
    command->add_option("--theme", gui.theme, "dark, light or high-contrast")
        ->check(CLI::IsMember({"dark", "light", "high-contrast"}));
    command->add_option("--text-size", gui.font_scale, "Text size in percent, 75 to 300")
        ->check(CLI::Range(75.0f, 300.0f));
    command->add_option("--lang", gui.language, "Language of the text and the interface: en or zh-CN")
        ->check(CLI::IsMember({"en", "zh-CN"}));
  };
  add_look_options(&cli);
  // Open the window at a chapter and step (a teacher's starting point), with parameter values.
  int gui_step = 0;
  cli.add_option("--chapter", gui.chapter, "Start at this chapter (id or number)");
  cli.add_option("--step", gui_step, "Start at this step, from 1")->check(CLI::PositiveNumber);
  cli.add_option("--set", gui.assignments, "Parameter value for the start step: name=value (repeatable)");
  cli.add_option("--recordings", gui.recordings_dir,
                 "A folder made by `cudalab record` on a GPU machine: its runs are shown beside the emulator's");
  cli.add_option("--exercise", gui.exercise, "Open this exercise (see `cudalab exercises`)");
  cli.add_option("run_file", gui.open_run, "A saved run (JSON, from `cudalab run --json` or `record`) to open");

  RecordOptions record_options;
  std::string record_backend = "gpu";
  auto* record = cli.add_subcommand("record", "Run every step at its defaults on the GPU and save the runs in a folder");
  record->add_option("--out", record_options.out_dir, "Folder for the runs and recording.json")->required();
  record->add_option("--backend", record_backend, "gpu (default) or emu (to try the mechanism)")
      ->check(CLI::IsMember({"gpu", "emu"}));
  record->add_option("--chapter", record_options.only_chapter, "Only this chapter (id)");

  auto* list = cli.add_subcommand("list", "List chapters and their steps");
  std::string list_language, devices_language;
  list->add_option("--lang", list_language, "Language of the titles and questions: en or zh-CN (default: as the window, else the locale)")
      ->check(CLI::IsMember({"en", "zh-CN"}));
  auto* devices = cli.add_subcommand("devices", "List the backends on this machine");
  devices->add_option("--lang", devices_language, "Language of the text: en or zh-CN (default: as the window, else the locale)")
      ->check(CLI::IsMember({"en", "zh-CN"}));

  StepOptions run_options;
  std::string json_path;
  auto* run = cli.add_subcommand("run", "Run one step headless, print its results");
  add_step_options(run, &run_options);
  run->add_option("--json", json_path, "Also write the run as JSON to FILE");
  double time_limit_seconds = 0;
  run->add_option("--time-limit", time_limit_seconds, "Stop the step after SECONDS (default: the step's own limit)")
      ->check(CLI::Range(0.1, 86400.0));
  std::optional<std::string> predicted;
  run->add_option("--predict", predicted,
                  "Your answer to the step's question (`cudalab list` shows it): a number, or a choice's number or text");
  std::string run_language;
  run->add_option("--lang", run_language, "Language of the text: en or zh-CN (default: as the window, else the locale)")
      ->check(CLI::IsMember({"en", "zh-CN"}));

  StepOptions shot_options;
  std::string shot_out, shot_size = "1280x800";
  auto* shot = cli.add_subcommand("shot", "Render one step in a window and save a PNG");
  add_step_options(shot, &shot_options);
  shot->add_option("--out", shot_out, "PNG file to write")->required();
  shot->add_option("--size", shot_size, "Window size WxH");
  shot->add_flag("--ask", gui.ask_prediction, "Shoot the step's question, before anything runs");
  shot->add_option("--predict", gui.predict, "Answer the step's question, run, and shoot the verdict");
  shot->add_option("--recordings", gui.recordings_dir, "A folder made by `cudalab record`");
  shot->add_flag("--recorded", gui.show_recorded, "Shoot the step's recorded GPU run instead of the live one");
  shot->add_option("--exercise", gui.exercise, "Shoot this exercise's editor instead of the step");
  shot->add_option("--source", gui.exercise_source, "The exercise's kernel: starter, solution or a .cu file");
  shot->add_flag("--check", gui.check_exercise, "Check the exercise's kernel and shoot the verdict");
  add_look_options(shot);

  std::string tour_dir;
  std::vector<std::string> tour_faces;
  auto* tour = cli.add_subcommand("tour", "Visit every chapter and step in the window, saving a PNG of each");
  auto* tour_out = tour->add_option("--out", tour_dir, "Folder for the screenshots");
  tour->add_option("--face", tour_faces,
                   "Instead of --out: shoot every step in this look into DIR, as WxH:TEXT:LAYOUT:LANG=DIR (TEXT in "
                   "percent, LAYOUT normal or present, LANG en or zh-CN); repeat it for more looks, each step runs once")
      ->excludes(tour_out);
  tour->add_option("--backend", gui_backend, "gpu, emu or auto")->check(CLI::IsMember({"gpu", "emu", "auto"}));
  add_look_options(tour);

  std::string bench_what;
  EmulatorBenchOptions bench_options;
  auto* bench = cli.add_subcommand("bench", "Print benchmark tables (never asserts on time)");
  bench->add_option("what", bench_what, "emulator, matmul, latency or exercises")
      ->required()
      ->check(CLI::IsMember({"emulator", "matmul", "latency", "exercises"}));
  MatmulBenchOptions matmul_options;
  std::string bench_backend = "auto";
  bench->add_option("--sizes", matmul_options.sizes, "matmul: sizes n, comma-separated")->delimiter(',');
  bench->add_option("--json", matmul_options.json_path, "matmul: also write the rows as JSON to FILE");
  bench->add_flag("--ladder", matmul_options.ladder_only, "matmul: only the ladder's table (cuBLAS, chapter 6's tiles, the rungs)");
  bench->add_flag("--tune", matmul_options.tune,
                  "matmul: first sweep every tile shape of the ladder and save the fastest per rung (see --tuning)");
  bench->add_option("--tune-size", matmul_options.tune_size, "matmul --tune: the n to tune at (default 4096 on a GPU)")
      ->check(CLI::Range(1, 46340));
  bench->add_option("--tuning", matmul_options.tuning_path,
                    "matmul: the ladder's tuning file (default $XDG_CACHE_HOME/cudalab/matmul_ladder_tuning.json)");
  bench->add_option("--backend", bench_backend, "matmul, latency, exercises, emulator --steps: gpu, emu or auto")
      ->check(CLI::IsMember({"gpu", "emu", "auto"}));
  std::vector<std::string> bench_exercises;
  bench->add_option("--exercises", bench_exercises, "exercises: the ids to time, comma-separated (default guard,dot,matmul_tiled)")
      ->delimiter(',');
  int bench_repeats = 5;
  auto* repeats_option =
      bench->add_option("--repeats", bench_repeats,
                        "exercises: checks of each after the warm-up (default 5); emulator: runs per time, which is "
                        "their median (default 7)")
          ->check(CLI::Range(1, 1000));
  bench->add_option("--rounds", bench_options.rounds,
                    "emulator: measure the whole table this many times, then print each figure's median and best "
                    "(default 1)")
      ->check(CLI::Range(1, 1000));
  bool bench_steps = false;
  bench->add_flag("--steps", bench_steps,
                  "emulator: every step at its defaults, timed as the window runs it (on the emulator unless --backend)");

  ExerciseCommands exercise_commands;
  add_exercise_commands(cli, &exercise_commands);
  ExecCommand exec_command;
  add_exec_command(cli, &exec_command);

  try {
    cli.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    // --help and --version exit 0; bad usage prints its message and exits 2, like every usage
    // error of ours.
    return cli.exit(e) == 0 ? 0 : 2;
  }

  if (*record) {
    record_options.backend = backend_request_named(record_backend);
    return run_record(std::cout, record_options);
  }
  if (const int code = run_exercise_commands(exercise_commands); code >= 0) return code;
  if (const int code = run_exec_command(exec_command); code >= 0) return code;
  if (*list) return command_list(list_language);
  if (*devices) return command_devices(devices_language);
  if (*run) return command_run(run_options, json_path, time_limit_seconds, predicted, run_language);
  if (*bench && bench_what == "matmul") {
    matmul_options.backend = backend_request_named(bench_backend);
    return run_matmul_bench(std::cout, matmul_options);
  }
  if (*bench && bench_what == "exercises")
    return run_exercise_bench(std::cout, backend_request_named(bench_backend), bench_repeats, bench_exercises);
  if (*bench && bench_what == "latency") return run_latency_bench(std::cout, backend_request_named(bench_backend), 15);
  if (*bench && bench_steps)
    return run_step_bench(std::cout, bench_backend == "auto" ? BackendRequest::emulator : backend_request_named(bench_backend));
  if (*bench) {
    if (repeats_option->count() > 0) bench_options.repeats = bench_repeats;
    return run_emulator_bench(std::cout, bench_options);
  }

  gui.backend = backend_request_named(gui_backend);
  gui.font_scale /= 100.0f;  // percent on the command line; 0 stays "as last saved"
  if (!gui.open_run.empty()) {
    // A saved run opens at its own chapter and step; a file that is not one is said before any window.
    Run opened;
    if (Status s = load_run(gui.open_run, &opened); !s.ok()) return fail_usage(s.describe());
    auto lessons = lessons::make_lessons();
    lessons::StepSelection start;
    if (Status s = lessons::select_step(lessons, opened.lesson, opened.step, {}, &start); !s.ok())
      return fail_usage(gui.open_run + " is a run of a step this CUDA Lab does not have: " + s.message);
    // Someone else's file: checked against its step and drawn once here, where a refusal is words.
    std::vector<lessons::View> views;
    Status usable = lessons::check_run_for_step(*start.lesson, opened);
    if (usable.ok()) usable = lessons::views_of(*start.lesson, start.step, opened, &views);
    if (!usable.ok()) return fail_usage(gui.open_run + ": " + usable.message);
    gui.chapter = start.lesson->id();
    gui.step = start.step;
  }
  if (!gui.chapter.empty() || gui_step > 0 || !gui.assignments.empty()) {
    auto lessons = lessons::make_lessons();
    lessons::StepSelection start;
    std::string chapter = gui.chapter.empty() ? lessons.front()->id() : gui.chapter;
    if (Status s = lessons::select_step(lessons, chapter, std::max(gui_step, 1) - 1, gui.assignments, &start); !s.ok())
      return fail_usage(s.message);
    gui.chapter = start.lesson->id();
    gui.step = start.step;
  }
  if (*shot) {
    auto lessons = lessons::make_lessons();
    lessons::StepSelection target;
    if (Status s = lessons::select_step(lessons, shot_options.chapter, shot_options.step - 1, shot_options.assignments, &target);
        !s.ok())
      return fail_usage(s.message);
    // At most 8K: a larger framebuffer is refused by GL drivers or takes gigabytes to read back.
    if (std::sscanf(shot_size.c_str(), "%dx%d", &gui.width, &gui.height) != 2 || gui.width < 320 || gui.height < 240 ||
        gui.width > 7680 || gui.height > 4320)
      return fail_usage(fmt::format("--size must look like 1280x800 (from 320x240 to 7680x4320); got '{}'", shot_size));
    gui.chapter = target.lesson->id();
    gui.step = target.step;
    gui.assignments = shot_options.assignments;
    gui.backend = backend_request_named(shot_options.backend);
    gui.shot_out = shot_out;
    gui.read_only_settings = true;
  } else if (*tour) {
    if (tour_dir.empty() && tour_faces.empty()) return fail_usage("tour: --out DIR is required (or --face)");
    for (const std::string& spec : tour_faces) {
      TourFace face;
      if (const std::string problem = parse_tour_face(spec, &face); !problem.empty()) return fail_usage("--face: " + problem);
      gui.tour_faces.push_back(face);
    }
    gui.tour_dir = tour_dir;
    gui.read_only_settings = true;
  }
  return open_window(gui);
}

}  // namespace cudalab::app
