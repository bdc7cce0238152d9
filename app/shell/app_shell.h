#pragma once
// The desktop shell's state and its per-frame UI. gui.cpp owns the window and the main loop;
// this class owns what the student sees: chapters, lesson text, canvas, controls, bottom pane and
// status bar (each panel in its own panel_*.cpp), the runner thread, settings and navigation.
// Its state comes in pieces that own themselves (the looks, the chapters' texts, the panes, the
// run on screen, the queued moves, the settings to remember); features with state of their own
// live in app/panels/ (the Code tab, predictions, recorded runs, exercises) and are handed what
// they act on.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "i18n/language.h"
#include "lesson.h"
#include "settings/settings_store.h"
#include "exercises/verdict.h"
#include "shell/backend_state.h"
#include "shell/bottom_tabs.h"
#include "session/console_log.h"
#include "panels/exercise_workspace.h"
#include "shell/chapter_texts.h"
#include "session/course.h"
#include "shell/gui.h"
#include "panels/code_panel.h"
#include "panels/exercise_panel.h"
#include "panels/pictures_panel.h"
#include "session/shown_run.h"
#include "panels/prediction_panel.h"
#include "panels/recorded_runs.h"
#include "shell/looks.h"
#include "session/lesson_runner.h"
#include "session/navigation.h"
#include "session/recordings.h"
#include "session/run_display.h"
#include "session/settings_keeper.h"
#include "shell/pane_layout.h"
#include "shell/panes.h"
#include "shell/pointer_marks.h"
#include "shell/presentation.h"
#include "shell/window_placement.h"
#include "widgets/cell_grid_canvas.h"
#include "widgets/code_listing.h"
#include "widgets/widget_style.h"

struct GLFWwindow;

namespace cudalab::app {



class AppShell {
 public:
  AppShell(std::vector<std::unique_ptr<lessons::Lesson>> lessons, std::filesystem::path data_dir, const GuiOptions& options,
           SettingsStore* settings, RunnerServices services);
  ~AppShell();

  // Moves to the start position (options, else the remembered place) and applies assignments.
  // Returns "" or a one-line error (unknown chapter, step or parameter).
  std::string prepare_start();
  void start_runner(BackendSelection selection);
  void attach_window(GLFWwindow* window) { window_ = window; }

  // Before ImGui::NewFrame: rebuilds the font atlas if the scale changed (needs the GL backend).
  void before_frame();
  // Builds this frame's UI.
  void frame();

  // For automation (screenshot, tour): the shown run belongs to the current step and nothing runs.
  bool run_settled() const;
  // The picture changes without input: the backend opening, a run in progress (its progress bar,
  // its partial results), navigation still queued. The main loop draws every frame meanwhile.
  bool animating() const {
    return backend_.opening || runner_.busy() || navigation_.pending() || exercises_.checking() ||
           exercises_.animating() || code_panel_.program_running();
  }
  bool last_run_failed() const { return run_.last_run_failed(); }
  // The Code tab's program run, when one ended badly (CodePanel::program_problem).
  std::string program_problem() const { return code_panel_.program_problem(); }
  std::string last_run_problem() const { return run_.last_run_problem(); }
  void queue_navigation(NavAction action) { navigation_.queue(action); }
  const Course& course() const { return course_; }
  void add_message(ConsoleLog::Kind kind, std::string text) { console_.add(kind, std::move(text)); }
  void show_console() { bottom_tabs_.request(BottomTabs::Tab::console); }
  // Opens the Code tab on its kernels or its whole program, running it on the emulator when `run`
  // (screenshots: CUDALAB_SHOT_CODE_TAB).
  void show_code(bool whole_program, bool run = false) {
    bottom_tabs_.request(BottomTabs::Tab::code);
    code_panel_.request_tab(whole_program);
    if (run) code_panel_.run_program(course_);
  }
  // The colour the frame is cleared to: the panels' background.
  ImVec4 clear_colour() const { return ImGui::ColorConvertU32ToFloat4(looks_.colours().window_background); }
  // The user changed something worth remembering this frame (window size, say).
  void user_changed_settings() { settings_.changed(); }
  void window_resized_by_user(int width, int height);
  void window_moved_by_user(int x, int y);
  // The window size to open with: remembered, unless the options ask for one.
  int start_width() const { return placement_.width(); }
  int start_height() const { return placement_.height(); }
  int start_x() const { return placement_.x(); }
  int start_y() const { return placement_.y(); }
  Settings snapshot_settings() const;
  // Hands changes made since the last frame to the settings store (frame() does it; so does exit).
  void flush_settings();

  // Present layout and the presenter view (present_layout.cpp). F5 asks for it, Esc leaves it.
  // gui.cpp opens the audience window when a second screen is there and says so with
  // set_audience_window(true); the main window then shows the teacher's view.
  bool wants_presentation() const { return presentation_.on(); }
  bool audience_window_open() const { return presentation_.audience_open(); }
  void set_audience_window(bool open, std::string where = "");
  void start_presenting() {
    presentation_.start(ImGui::GetTime());
  }
  void stop_presenting();
  // The combined tour's faces (automation.cpp): text size, language and layout as the top bar and
  // F5 change them, so a step is shot in each without running again.
  void show_face(float font_scale, i18n::Language language, bool present) {
    set_font_scale(font_scale);
    set_language(language);
    if (present != presentation_.on()) present ? start_presenting() : stop_presenting();
  }
  // The font atlas holds the asked text size and language (before_frame() rebuilds it).
  bool fonts_current() const { return looks_.fonts_current(); }
  // The audience window's frame (built with its own ImGui context current): text and canvas.
  void audience_frame();
  // Where the panes were last drawn, as JSON, for the GUI tests' per-pane checks.
  std::string layout_report(bool audience) const;
  PointerMarks& marks() { return presentation_.marks(); }

 private:
  // app_shell.cpp
  void handle_keys();
  void apply_navigation(NavAction action);
  void on_position_changed();
  void request_run();
  void poll_runner();
  void show(LessonRunner::Outcome&& outcome);  // makes it the picture on screen
  void set_font_scale(float scale);
  void set_language(i18n::Language language);  // the text reloads and the atlas gets its glyphs
  void toggle_fullscreen();
  const widgets::Fonts& fonts() const { return looks_.fonts(); }
  const widgets::Colours& colours() const { return looks_.colours(); }
  widgets::Style style() const { return looks_.style(); }
  const ShellLayout& layout() const { return panes_.layout; }

  // panel_*.cpp
  void draw_panes();              // panel_layout.cpp: this frame's layout mode and its panes
  void draw_chapter_strip();      // panel_course.cpp: the collapsed chapter list
  void draw_present_strip();      // present_layout.cpp: the controls as one strip
  void draw_teacher_notes();      // present_layout.cpp: notes, next step, clock
  void handle_present_keys();     // present_layout.cpp: F5, Esc, spotlight, pen
  // Begins a fixed, untitled panel window at `rect`.
  static bool begin_panel(const char* name, const PanelRect& rect, int extra_flags = 0);
  void panel_heading(const char* text) const;
  void draw_top_bar();
  struct ViewControlSizes {
    float language_width, theme_width;
    const char* size_text;  // "200 %"
  };
  // Language, theme, text size, Present, Fullscreen: in the top bar, or in its popup when the bar is short.
  void draw_view_controls(bool in_popup, const ViewControlSizes& sizes);
  void draw_chapter_panel();
  void draw_text_panel();
  void draw_controls_panel();
  void draw_canvas_panel();
  void draw_bottom_panel();
  void draw_results_tab();
  void draw_console_tab();
  void draw_status_bar();

  // Predict, then run (app/panels/prediction_panel.h): a step with a question shows it on the canvas
  // before its first run in this session; nothing runs until the student answers or skips.
  void submit_prediction(std::optional<double> answer);  // nothing: skipped

  // An exercise instead of a step (app/panels/exercise_panel.h).
  ExercisePanel::Shell exercise_shell();

  // A GPU run recorded elsewhere, shown in place of the live one on request (app/panels/recorded_runs.h).
  RecordedRuns::Shell recorded_shell();
  void show_recorded(bool recorded);  // swaps the recorded run and the live one on screen

  Panes panes_;  // this frame's layout, the splitters' fractions (remembered), the layout report
  Presentation presentation_;     // present layout or presenter view, the teacher's clock, the marks
  Looks looks_;          // theme, text size, language and the fonts built for them
  ChapterTexts texts_;   // the lessons, the data folder, each chapter's lesson.md in the language
  GuiOptions options_;
  SettingsKeeper settings_;  // what the student changed, on its way to settings.json
  Course course_;
  LessonRunner runner_;
  ConsoleLog console_;
  GLFWwindow* window_ = nullptr;

  CodePanel code_panel_;  // the bottom pane's Code tab (app/panels/code_panel.h)

  RunDisplay run_;  // the run on screen, the newest request and outcome, the last status, Run on change
  PicturesPanel pictures_;  // the canvas's pictures, their tabs and their cameras

  BackendState backend_;  // opening, open (its facts) or not (why), and the machine's choices

  Navigation navigation_;  // moves queued for the next frame, the text pane back to its top
  WindowPlacement placement_;  // the window's size and place when not fullscreen
  BottomTabs bottom_tabs_;  // a tab of the bottom pane to select next frame, the console's end seen

  RecordedRuns recorded_;  // recorded runs beside the live one, and the live run waiting behind one

  ExercisePanel exercises_;  // the exercise shown instead of a step, its editor, checks and verdicts

  PredictionPanel predictions_;
};

}  // namespace cudalab::app
