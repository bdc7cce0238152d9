// run_gui: the window, the GL context and the main loop. What is drawn lives in AppShell.
#include "shell/gui.h"

#include <glad/gl.h>
// glad first: it provides the GL declarations GLFW would otherwise include (GLFW_INCLUDE_NONE).
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "input/key_events.h"
#include "shell/app_shell.h"
#include "shell/automation.h"
#include "shell/frame_pacing.h"
#include "shell/key_capture.h"
#include "session/paths.h"
#include "shell/presenter_window.h"
#include "shell/redraw_schedule.h"

namespace cudalab::app {

namespace {

std::string last_glfw_error;

void remember_glfw_error(int code, const char* description) {
  last_glfw_error = std::string(description != nullptr ? description : "unknown") + " (GLFW error " + std::to_string(code) + ")";
}

bool display_available() {
  const char* x11 = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (x11 != nullptr && *x11 != '\0') || (wayland != nullptr && *wayland != '\0');
}

const char* headless_hint = "Run the window under a virtual display: xvfb-run -a cudalab, or use the headless commands: cudalab list | run | bench";

AppShell* shell_of(GLFWwindow* window) { return static_cast<AppShell*>(glfwGetWindowUserPointer(window)); }

// The presenter view follows the shell: presenting with a second screen opens the audience window
// there (the main window turns into the teacher's view); without one the shell keeps the present
// layout in this window. A screen unplugged mid-lesson, or the audience window closed, brings
// the present layout back here.
void sync_presenter_window(AppShell& shell, GLFWwindow* window, PresenterWindow* presenter, RedrawSchedule* redraw) {
  if (presenter->is_open()) {
    const bool unplugged = [&] {
      if (presenter->screen().monitor == nullptr) return false;  // the simulated screen stays
      int count = 0;
      GLFWmonitor** monitors = glfwGetMonitors(&count);
      for (int i = 0; i < count; ++i) {
        if (monitors[i] == presenter->screen().monitor) return false;
      }
      return true;
    }();
    if (presenter->close_requested()) shell.stop_presenting();
    if (!shell.wants_presentation() || unplugged) {
      presenter->close();
      shell.set_audience_window(false);
      if (unplugged) shell.add_message(ConsoleLog::Kind::warning, "The second screen went away: presenting on this one.");
    }
    return;
  }
  static bool said_one_screen = false, open_failed = false;
  if (!shell.wants_presentation()) open_failed = false;
  if (!shell.wants_presentation() || shell.audience_window_open() || open_failed) return;
  if (const std::optional<AudienceScreen> screen = find_audience_screen(window)) {
    if (const std::string problem = presenter->open(window, *screen, redraw); !problem.empty()) {
      shell.add_message(ConsoleLog::Kind::warning, problem + "; presenting in this window.");
      shell.set_audience_window(false);
      open_failed = true;
    } else {
      shell.set_audience_window(true, screen->name);
      shell.add_message(ConsoleLog::Kind::info, "Presenter view: the room sees " + screen->name + ".");
    }
  } else if (!said_one_screen) {
    said_one_screen = true;
    shell.add_message(ConsoleLog::Kind::info, "One screen: presenting in this window (Esc returns).");
  }
}

}  // namespace

int run_gui(const GuiOptions& options) {
  const bool automated = options.automated();
  FramePacing pacing;
  // Screenshots and the tour wait for runs, not for events; a frame-rate measurement needs every
  // frame. Everything else draws only when something changed (redraw_schedule.h).
  RedrawSchedule redraw(automated || pacing.measuring());
  IdleStats idle_stats;

  const DataDir data = find_data_dir();
  // Automated runs (tests, `cudalab shot`) take the remembered look (theme, text size) but not the
  // remembered place or window, and never write: tests point XDG_CONFIG_HOME at their own folder.
  // An idle measurement is a test too.
  SettingsStore settings(settings_file(), options.read_only_settings || automated || idle_stats.active());
  const std::string settings_problem = settings.load();

  RunnerServices services = RunnerServices::real();
  services.wake_ui = wake_main_loop;  // a result drawn at once, not at the next timer frame
  auto shell = std::make_unique<AppShell>(lessons::make_lessons(), data.path, options, &settings, std::move(services));
  if (const std::string problem = shell->prepare_start(); !problem.empty()) {
    std::fprintf(stderr, "cudalab: %s\n", problem.c_str());
    return 2;
  }

  if (!display_available()) {
    std::fprintf(stderr, "cudalab: no display found (DISPLAY is not set). %s\n", headless_hint);
    return 2;
  }
  glfwSetErrorCallback(remember_glfw_error);
  if (glfwInit() != GLFW_TRUE) {
    std::fprintf(stderr, "cudalab: cannot open the display: %s. %s\n", last_glfw_error.c_str(), headless_hint);
    return 2;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  int width = options.width > 0 ? options.width : automated ? 1280 : shell->start_width();
  int height = options.height > 0 ? options.height : automated ? 800 : shell->start_height();
  // Hidden, for the projector-size tours: CUDALAB_WINDOW_SIZE=1920x1080 (`shot` has --size).
  if (const char* size = std::getenv("CUDALAB_WINDOW_SIZE"); size != nullptr && options.width <= 0) {
    int asked_width = 0, asked_height = 0;
    if (std::sscanf(size, "%dx%d", &asked_width, &asked_height) == 2 && asked_width >= 320 && asked_height >= 240 &&
        asked_width <= 7680 && asked_height <= 4320) {
      width = asked_width;
      height = asked_height;
    }
  }
  GLFWwindow* window = glfwCreateWindow(width, height, "CUDA Lab", nullptr, nullptr);
  if (window == nullptr) {
    std::fprintf(stderr, "cudalab: cannot open a window with OpenGL 3.3 core: %s\n", last_glfw_error.c_str());
    glfwTerminate();
    return 2;
  }
  if (!automated && shell->start_x() >= 0 && shell->start_y() >= 0) glfwSetWindowPos(window, shell->start_x(), shell->start_y());
  glfwMakeContextCurrent(window);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    std::fprintf(stderr, "cudalab: cannot load OpenGL 3.3 functions\n");
    glfwDestroyWindow(window);
    glfwTerminate();
    return 2;
  }
  glfwSwapInterval(pacing.swap_interval());
  if (GLFWmonitor* monitor = glfwGetPrimaryMonitor(); monitor != nullptr) {
    if (const GLFWvidmode* mode = glfwGetVideoMode(monitor); mode != nullptr) pacing.set_refresh_rate(mode->refreshRate);
  }

  watch_window_events(window, &redraw);  // before ImGui's backend, which chains to these callbacks
  capture_keys(window);                  // the same: ImGui's key callback calls this one, this one the schedule's

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;  // panels are placed by the shell, nothing to remember
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  shell->attach_window(window);
  glfwSetWindowUserPointer(window, shell.get());
  if (!automated) {
    glfwSetWindowSizeCallback(window, [](GLFWwindow* w, int new_width, int new_height) {
      shell_of(w)->window_resized_by_user(new_width, new_height);
    });
    glfwSetWindowPosCallback(window, [](GLFWwindow* w, int x, int y) { shell_of(w)->window_moved_by_user(x, y); });
  }
  if (!settings_problem.empty()) {
    shell->add_message(ConsoleLog::Kind::error, settings_problem);
    shell->show_console();  // a startup problem must be seen, not hidden behind Results
  }
  if (!data.found()) shell->add_message(ConsoleLog::Kind::warning, "Data folder: " + data.problem);
  shell->start_runner(BackendSelection{options.backend, 0});

  // Hidden, for screenshots of the Code tab: CUDALAB_SHOT_CODE_TAB=kernels or program opens it;
  // program-run also runs the whole program on the emulator (the shot waits for it).
  if (const char* code_tab = std::getenv("CUDALAB_SHOT_CODE_TAB"); code_tab != nullptr) {
    const std::string tab = code_tab;
    shell->show_code(tab == "program" || tab == "program-run", tab == "program-run");
  }

  // Hidden, for screenshots of hover states: CUDALAB_SHOT_POINTER=x,y holds the mouse there.
  int pointer_x = -1, pointer_y = -1;
  if (const char* pointer = std::getenv("CUDALAB_SHOT_POINTER"); pointer != nullptr) {
    std::sscanf(pointer, "%d,%d", &pointer_x, &pointer_y);
  }

  // Hidden, for screenshots and tests: CUDALAB_LAYOUT=present starts presenting (F5 does it by
  // hand); with CUDALAB_FAKE_SECOND_SCREEN=WxH that is the presenter view in two windows.
  if (const char* layout = std::getenv("CUDALAB_LAYOUT"); layout != nullptr && std::string(layout) == "present") {
    shell->start_presenting();
  }
  // Hidden, for screenshots of pointing: CUDALAB_SHOT_MARKS=pen draws a mark across the canvas;
  // =spotlight shows the spotlight at CUDALAB_SHOT_POINTER as if its key were held.
  if (const char* marks = std::getenv("CUDALAB_SHOT_MARKS"); marks != nullptr) {
    if (std::string(marks) == "pen") {
      shell->marks().add_stroke({ImVec2(0.2f, 0.7f), ImVec2(0.35f, 0.55f), ImVec2(0.5f, 0.62f), ImVec2(0.7f, 0.4f)});
    }
    if (std::string(marks) == "spotlight") shell->marks().force_spotlight(true);
  }
  PresenterWindow presenter;

  Automation automation(options);
  automation.set_audience_capture([&presenter](const std::string& path) { return presenter.save_png(path); });
  automation.set_window_resizer([window](int new_width, int new_height) { glfwSetWindowSize(window, new_width, new_height); });
  if (pacing.measuring()) automation.hold_for_frames(pacing.report_every() + 2);
  int exit_code = 0;
  while (glfwWindowShouldClose(window) == GLFW_FALSE) {
    wait_for_events(redraw, ImGui::GetIO().WantTextInput);
    if (!automated && glfwGetWindowAttrib(window, GLFW_ICONIFIED) == GLFW_TRUE) {
      glfwWaitEventsTimeout(0.25);  // minimised: nothing to show, spare the CPU
      continue;
    }
    if (pointer_x >= 0 && pointer_y >= 0) glfwSetCursorPos(window, pointer_x, pointer_y);
    sync_presenter_window(*shell, window, &presenter, &redraw);
    shell->before_frame();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    // Screenshots must not depend on where the display's pointer happens to rest (Xvfb puts it in
    // the middle of the screen, over the canvas): no hover unless CUDALAB_SHOT_POINTER asks.
    if (automated && pointer_x < 0) ImGui::GetIO().MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
    input::main_window_keys().begin_frame();
    ImGui::NewFrame();
    shell->frame();
    ImGui::Render();

    int framebuffer_width = 0, framebuffer_height = 0;
    glfwGetFramebufferSize(window, &framebuffer_width, &framebuffer_height);
    glViewport(0, 0, framebuffer_width, framebuffer_height);
    const ImVec4 background = shell->clear_colour();
    glClearColor(background.x, background.y, background.z, 1.f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    // The audience window's frame, from the same shell state (its back buffer waits for the swap,
    // so a screenshot can read it with the main one's).
    if (presenter.is_open()) presenter.render([&] { shell->audience_frame(); }, background, automated);
    if (automation.active()) {
      if (const std::optional<int> done = automation.after_render(*shell, framebuffer_width, framebuffer_height)) {
        exit_code = *done;
        break;
      }
    }
    glfwSwapBuffers(window);
    presenter.swap();
    pacing.frame_shown();
    // A held mouse button counts as moving: ImGui times presses and drags frame by frame.
    redraw.frame_drawn(shell->animating() || ImGui::IsAnyMouseDown());
    if (idle_stats.frame_drawn(shell->run_settled() && !shell->animating())) {
      glfwSetWindowShouldClose(window, GLFW_TRUE);
    }
  }

  shell->flush_settings();
  if (const std::string problem = settings.save_if_due(0.0, /*force=*/true); !problem.empty()) {
    std::fprintf(stderr, "cudalab: %s\n", problem.c_str());
  }
  presenter.close();
  shell.reset();  // joins the runner and frees GL objects while the context is alive
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return exit_code;
}

}  // namespace cudalab::app
