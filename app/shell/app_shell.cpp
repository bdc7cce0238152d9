#include "i18n/text_patterns.h"
#include "shell/app_shell.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "i18n/view_words.h"
#include "input/key_events.h"
#include "prediction.h"
#include "run_checks.h"

namespace cudalab::app {

namespace {

double now_seconds() { return ImGui::GetTime(); }

}  // namespace

AppShell::AppShell(std::vector<std::unique_ptr<lessons::Lesson>> lessons, std::filesystem::path data_dir,
                   const GuiOptions& options, SettingsStore* settings, RunnerServices services)
    : looks_(settings->current(), options),
      texts_(std::move(lessons), std::move(data_dir)),
      options_(options),
      settings_(settings),
      course_(texts_.outlines()),
      runner_(&texts_.lessons(), std::move(services)),
      code_panel_(texts_.lessons_dir()),
      pictures_(texts_.data_dir() / "shaders") {
  const Settings& saved = settings_.saved();
  texts_.set_language(looks_.language());
  predictions_.set_quiet(options_.automated() && !options_.ask_prediction);  // screenshots and tours ask when told
  if (!options_.recordings_dir.empty()) recorded_.shelf() = RecordingShelf({options_.recordings_dir});
  recorded_.shelf().add_folders_under(texts_.data_dir() / "assets" / "recordings");
  if (options_.show_recorded) recorded_.show_at_start();
  placement_.restore(saved);
  panes_.sizes = saved.panes;
}

AppShell::~AppShell() = default;

std::string AppShell::prepare_start() {
  if (course_.chapter_count() == 0) {
    console_.add(ConsoleLog::Kind::error, "No chapters were built into this program.");
    return options_.chapter.empty() ? "" : "no chapters are built into this program";
  }
  const Settings& saved = settings_.saved();
  if (std::string problem = looks_.apply_options(options_); !problem.empty()) return problem;
  course_.restore_visited(saved.visited);
  int chapter = 0, step = 0;
  if (!options_.chapter.empty()) {
    chapter = course_.find_chapter(options_.chapter);
    if (chapter < 0) {
      std::string known;
      for (int i = 0; i < course_.chapter_count(); ++i) known += (i ? ", " : "") + course_.chapter(i).id;
      return "no chapter named '" + options_.chapter + "' (chapters: " + known + ")";
    }
  } else if (const int remembered = course_.find_chapter(saved.chapter); remembered >= 0 && !options_.automated()) {
    // Where the user left off (screenshots and the tour always start at the beginning).
    chapter = remembered;
    step = saved.step;
  }
  const int step_count = static_cast<int>(course_.chapter(chapter).steps.size());
  if (options_.step >= 0) {
    if (options_.step >= step_count) {
      return "chapter '" + course_.chapter(chapter).id + "' has " + std::to_string(step_count) + " steps (0-based 0 to " +
             std::to_string(step_count - 1) + "); step " + std::to_string(options_.step) + " does not exist";
    }
    step = options_.step;
  }
  course_.go_to(chapter, step);
  // The emulator's defaults from the start when it was asked for (otherwise when it opens).
  course_.use_defaults_of(options_.backend == BackendRequest::emulator);
  const lessons::Step* outline = course_.current_step_outline();
  for (const std::string& assignment : options_.assignments) {
    if (outline == nullptr) return "this step has no parameters to set ('" + assignment + "')";
    const Status applied = lessons::apply_assignment(*outline, assignment, &course_.values());
    if (!applied.ok()) return applied.message;
  }
  if (!options_.open_run.empty()) {
    // The CLI checked the file and chose its step to start at; the run is shown first.
    Run opened;
    if (const Status loaded = load_run(options_.open_run, &opened); !loaded.ok()) return loaded.describe();
    recorded_.adopt_opened_run(std::move(opened), options_.open_run, recorded_shell());
    recorded_.show_at_start();
  }
  if (!options_.predict.empty()) {
    if (outline == nullptr || !outline->prediction) return "this step asks no question to predict";
    double answer = 0;
    if (const Status parsed = lessons::parse_prediction(*outline->prediction, options_.predict, &answer); !parsed.ok()) {
      return parsed.message;
    }
    predictions_.answer_at_start(options_.predict);
  }
  if (!options_.exercise.empty()) return exercises_.start(options_, options_.automated(), exercise_shell());
  return "";
}

void AppShell::start_runner(BackendSelection selection) {
  runner_.start(selection);
  request_run();
}

void AppShell::before_frame() {
  const std::optional<FontAtlas::Outcome> built = looks_.build_fonts(texts_.lessons_dir());
  if (!built) return;
  if (built->no_chinese) {
    // Chinese needs a CJK font; without one the app speaks English and says which package to
    // install (in English: Chinese words could not be drawn).
    const std::string problem =
        "Fonts: no Chinese font found (install fonts-wqy-microhei); the text and the interface stay in English.";
    console_.add(ConsoleLog::Kind::error, problem);
    if (options_.automated()) std::fprintf(stderr, "cudalab: %s\n", problem.c_str());
    texts_.set_language(looks_.language());
  }
  if (!built->problem.empty()) console_.add(ConsoleLog::Kind::warning, built->problem);
}

void AppShell::set_font_scale(float scale) {
  // The fonts are rebuilt in before_frame(): the atlas must not change mid-frame.
  if (looks_.set_font_scale(scale)) settings_.changed();
}

void AppShell::set_language(i18n::Language language) {
  if (!looks_.set_language(language)) return;
  // Each chapter's text is read again in the new language; the atlas is rebuilt before the next
  // frame with the glyphs that language needs.
  texts_.set_language(language);
  settings_.changed();
}

void AppShell::toggle_fullscreen() { placement_.toggle_fullscreen(window_); }

// The window manager places and sizes a new window by itself; only later changes are the user's
// (a settings file that failed to load must stay untouched until the user does something).
static bool user_can_have_moved_it() { return ImGui::GetTime() > 1.0; }

void AppShell::window_resized_by_user(int width, int height) {
  if (placement_.resized(width, height) && user_can_have_moved_it()) settings_.changed();
}

void AppShell::window_moved_by_user(int x, int y) {
  if (placement_.moved(x, y) && user_can_have_moved_it()) settings_.changed();
}

void AppShell::handle_keys() {
  // Chords from the window's key events (input/key_events.h): a press and its release inside one
  // frame still count, with the modifiers held when the key went down.
  using input::Key;
  const input::KeyEvents& keys = input::main_window_keys();
  if (keys.count({Key::f11}, false) > 0) toggle_fullscreen();
  auto step_font_scale = [&](int by) {
    if (looks_.step_font_scale(by)) settings_.changed();
  };
  for (int n = keys.count({Key::equal, true}) + keys.count({Key::keypad_add, true}); n > 0; --n) step_font_scale(+1);
  for (int n = keys.count({Key::minus, true}) + keys.count({Key::keypad_subtract, true}); n > 0; --n) step_font_scale(-1);
  if (keys.count({Key::digit_0, true}, false) > 0) set_font_scale(1.f);
  // Arrows and page keys belong to a text field while one has focus.
  if (ImGui::GetIO().WantTextInput) return;
  const std::pair<Key, NavAction> moves[] = {{Key::left, NavAction::previous_step},
                                             {Key::right, NavAction::next_step},
                                             {Key::page_up, NavAction::previous_chapter},
                                             {Key::page_down, NavAction::next_chapter}};
  for (const auto& [key, action] : moves) {
    for (int n = keys.count({key}); n > 0; --n) navigation_.queue(action);
  }
}

void AppShell::apply_navigation(NavAction action) {
  if (course_.navigate(action)) on_position_changed();
}

ExercisePanel::Shell AppShell::exercise_shell() {
  return {course_, runner_, console_, backend_.facts, backend_.opening, navigation_, settings_,
          [this] { on_position_changed(); }};
}

RecordedRuns::Shell AppShell::recorded_shell() {
  return {course_, texts_.lessons(), run_.shown(), console_, predictions_, [this] { on_position_changed(); }};
}

void AppShell::show_recorded(bool recorded) {
  if (recorded_.show_recorded(recorded, recorded_shell())) pictures_.select_first();
}

void AppShell::on_position_changed() {
  exercises_.close();
  show_recorded(false);
  navigation_.scroll_text_to_top();
  presentation_.marks().clear();  // marks belong to the step they were drawn on
  pictures_.reset();
  run_.forget_status();
  settings_.changed();
  request_run();
}

void AppShell::request_run() {
  if (course_.chapter_count() == 0 || course_.current_step_outline() == nullptr) return;
  if (exercises_.open_one()) return;  // the exercise's Check runs; the step runs when the student goes back to it
  if (predictions_.asking()) return;  // the question comes first; the card starts the run
  if (predictions_.due(course_)) {
    if (const std::optional<double> given = predictions_.start_asking(course_)) submit_prediction(given);
    return;
  }
  LessonRunner::Request request;
  request.chapter = course_.current_chapter();
  request.step = course_.current_step();
  request.values = course_.values();
  run_.expect(runner_.submit(std::move(request)));
}

void AppShell::submit_prediction(std::optional<double> answer) {
  predictions_.answered(course_, answer);
  request_run();
  if (answer) predictions_.judged_by(run_.expected());
}

void AppShell::poll_runner() {
  for (LessonRunner::BackendEvent& event : runner_.take_backend_events()) {
    const bool first = backend_.opening;
    backend_.take(event);
    if (event.status.ok()) {
      console_.add(ConsoleLog::Kind::info, i18n::tr("Backend: ") + i18n::device_label(event.facts));
      // The first request already waits behind the opening, unless the step's defaults change
      // with the backend (the runner keeps only the newest waiting request).
      const bool values_changed = course_.use_defaults_of(!event.facts.is_gpu());
      if (!first || values_changed) request_run();
    } else {
      console_.add(ConsoleLog::Kind::error, i18n::tr("Could not open the backend: ") + backend_.problem);
    }
  }
  std::optional<LessonRunner::Outcome> outcome = runner_.take_outcome();
  if (!outcome) {
    // A check replaced by a newer request before it ran (the runner keeps only the newest waiting
    // one) never comes back: the button must not stay "Checking…".
    exercises_.forget_lost_check(runner_);
    return;
  }
  if (exercises_.take_outcome(*outcome, exercise_shell())) return;
  const bool current = outcome->chapter == course_.current_chapter() && outcome->step == course_.current_step();
  if (outcome->partial) {
    // A long step's rows so far: drawn at once, while the step runs on.
    if (current && outcome->run.status.ok() && !outcome->views.empty()) show(std::move(*outcome));
    return;
  }
  run_.taken(outcome->id);
  if (!current) return;  // the student moved on while it ran
  predictions_.judge(course_, outcome->id, &outcome->run, console_);
  char step_words[64];
  std::snprintf(step_words, sizeof(step_words), i18n::tr(" · step %d"), outcome->step + 1);
  const std::string where = texts_.chapter_title(outcome->chapter) + step_words;
  if (!outcome->run.printf_output.empty()) console_.add_output(outcome->run.printf_output);
  const Status& status = outcome->run.status;
  run_.answered(outcome->id, status);
  if (status.ok()) {
    char took[64];
    std::snprintf(took, sizeof(took), i18n::tr(": ran in %.0f ms"), outcome->seconds * 1000.0);
    console_.add(ConsoleLog::Kind::success, where + took);
    show(std::move(*outcome));
  } else if (status.code == StatusCode::cancelled) {
    console_.add(ConsoleLog::Kind::warning, where + i18n::tr(": cancelled"));
    // What a stopped step measured before it stopped is still worth seeing (the race's rows).
    if (!outcome->views.empty()) show(std::move(*outcome));
  } else {
    console_.add(ConsoleLog::Kind::error, where + i18n::tr(": ") + std::string(to_string(status.code)) + " — " + i18n::status_described(status));
    if (status.device_was_reset) {
      console_.add(ConsoleLog::Kind::warning, i18n::tr("The GPU was reset after that error; its memory was cleared."));
    }
  }
}

void AppShell::show(LessonRunner::Outcome&& outcome) {
  // While a recorded run is on screen, the live one waits beside it (the toggle brings it back).
  run_.show(std::move(outcome), recorded_.live_slot(run_.shown()));
}

bool AppShell::run_settled() const {
  if (backend_.opening || runner_.busy() || exercises_.checking() || code_panel_.program_running()) return false;
  if (exercises_.open_one()) return true;  // an exercise shows its editor (and verdict) without a step's run
  if (predictions_.asking()) return true;  // nothing runs until the question is answered
  if (course_.chapter_count() == 0 || course_.current_step_outline() == nullptr) return true;
  return run_.settled();
}

Settings AppShell::snapshot_settings() const {
  Settings settings = settings_.saved();
  placement_.save(&settings);
  looks_.save(&settings);
  settings.panes = panes_.sizes;
  if (course_.chapter_count() > 0) {
    settings.chapter = course_.current().id;
    settings.step = course_.current_step();
    settings.visited = course_.visited_by_id();
  }
  return settings;
}

void AppShell::flush_settings() {
  settings_.flush([this] { return snapshot_settings(); }, now_seconds());
}

void AppShell::frame() {
  poll_runner();
  handle_keys();
  while (const std::optional<NavAction> action = navigation_.next()) apply_navigation(*action);

  // The views of the runs in the app's language, built again from the runs when need be.
  for (std::optional<ShownRun>* slot : {&run_.shown(), &recorded_.waiting_live()}) {
    if (*slot) speak_language(**slot, looks_.language(), texts_.lessons());
  }
  draw_panes();  // panel_layout.cpp: the panes of the current layout mode

  flush_settings();
  if (const std::string problem = settings_.save_if_due(now_seconds()); !problem.empty()) {
    console_.add(ConsoleLog::Kind::error, problem);
  }
}

}  // namespace cudalab::app
