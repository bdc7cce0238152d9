#include "shell/presenter_window.h"

#include <glad/gl.h>
// glad first (GLFW_INCLUDE_NONE).
#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <cfloat>
#include <cstdio>
#include <cstdlib>

#include "shell/redraw_schedule.h"
#include "shell/screenshot.h"

namespace cudalab::app {

namespace {

// The audience window's ImGui context and the callbacks ImGui's backend installed on it (which
// chain to the redraw schedule's). GLFW callbacks carry no user data but the window; there is at
// most one audience window.
struct AudienceCallbacks {
  ImGuiContext* context = nullptr;
  GLFWwindowfocusfun focus = nullptr;
  GLFWcursorenterfun enter = nullptr;
  GLFWcursorposfun position = nullptr;
  GLFWmousebuttonfun button = nullptr;
  GLFWscrollfun scroll = nullptr;
  GLFWkeyfun key = nullptr;
  GLFWcharfun character = nullptr;
} audience;

// Runs `call` with the audience's ImGui context current, then puts the previous one back.
template <typename Call>
void in_audience_context(Call call) {
  ImGuiContext* previous = ImGui::GetCurrentContext();
  ImGui::SetCurrentContext(audience.context);
  call();
  ImGui::SetCurrentContext(previous);
}

void wrap_callbacks(GLFWwindow* window) {
  audience.focus = glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int focused) {
    if (audience.focus != nullptr) in_audience_context([&] { audience.focus(w, focused); });
  });
  audience.enter = glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int entered) {
    if (audience.enter != nullptr) in_audience_context([&] { audience.enter(w, entered); });
  });
  audience.position = glfwSetCursorPosCallback(window, [](GLFWwindow* w, double x, double y) {
    if (audience.position != nullptr) in_audience_context([&] { audience.position(w, x, y); });
  });
  audience.button = glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int button, int action, int mods) {
    if (audience.button != nullptr) in_audience_context([&] { audience.button(w, button, action, mods); });
  });
  audience.scroll = glfwSetScrollCallback(window, [](GLFWwindow* w, double x, double y) {
    if (audience.scroll != nullptr) in_audience_context([&] { audience.scroll(w, x, y); });
  });
  audience.key = glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int scancode, int action, int mods) {
    if (audience.key != nullptr) in_audience_context([&] { audience.key(w, key, scancode, action, mods); });
  });
  audience.character = glfwSetCharCallback(window, [](GLFWwindow* w, unsigned int c) {
    if (audience.character != nullptr) in_audience_context([&] { audience.character(w, c); });
  });
}

bool window_on_monitor(GLFWwindow* window, GLFWmonitor* monitor) {
  int window_x = 0, window_y = 0, width = 0, height = 0, monitor_x = 0, monitor_y = 0;
  glfwGetWindowPos(window, &window_x, &window_y);
  glfwGetWindowSize(window, &width, &height);
  glfwGetMonitorPos(monitor, &monitor_x, &monitor_y);
  const GLFWvidmode* mode = glfwGetVideoMode(monitor);
  if (mode == nullptr) return false;
  const int centre_x = window_x + width / 2, centre_y = window_y + height / 2;
  return centre_x >= monitor_x && centre_x < monitor_x + mode->width && centre_y >= monitor_y &&
         centre_y < monitor_y + mode->height;
}

}  // namespace

bool parse_fake_screen(const char* text, AudienceScreen* screen) {
  if (text == nullptr) return false;
  int width = 0, height = 0, x = -1, y = -1;
  char rest = 0;
  const int read = std::sscanf(text, "%dx%d+%d+%d%c", &width, &height, &x, &y, &rest);
  if (!(read == 2 || read == 4) || width < 320 || height < 240 || width > 7680 || height > 4320) return false;
  screen->monitor = nullptr;
  screen->width = width;
  screen->height = height;
  screen->x = read == 4 ? x : -1;
  screen->y = read == 4 ? y : -1;
  screen->name = "the second screen (simulated, " + std::to_string(width) + " × " + std::to_string(height) + ")";
  return true;
}

std::optional<AudienceScreen> find_audience_screen(GLFWwindow* main_window) {
  if (const char* fake = std::getenv("CUDALAB_FAKE_SECOND_SCREEN"); fake != nullptr && *fake != '\0') {
    AudienceScreen screen;
    if (!parse_fake_screen(fake, &screen)) return std::nullopt;
    if (screen.x < 0) {
      // Beside the main window, as a projector to the right of a laptop would be.
      int x = 0, y = 0, width = 0, height = 0;
      glfwGetWindowPos(main_window, &x, &y);
      glfwGetWindowSize(main_window, &width, &height);
      screen.x = x + width;
      screen.y = 0;
    }
    return screen;
  }
  int count = 0;
  GLFWmonitor** monitors = glfwGetMonitors(&count);
  if (monitors == nullptr || count < 2) return std::nullopt;
  for (int i = 0; i < count; ++i) {
    if (window_on_monitor(main_window, monitors[i])) continue;
    const GLFWvidmode* mode = glfwGetVideoMode(monitors[i]);
    if (mode == nullptr) continue;
    AudienceScreen screen;
    screen.monitor = monitors[i];
    glfwGetMonitorPos(monitors[i], &screen.x, &screen.y);
    screen.width = mode->width;
    screen.height = mode->height;
    const char* name = glfwGetMonitorName(monitors[i]);
    screen.name = std::string(name != nullptr && *name != '\0' ? name : "the second screen") + " (" +
                  std::to_string(mode->width) + " × " + std::to_string(mode->height) + ")";
    return screen;
  }
  return std::nullopt;
}

std::string PresenterWindow::open(GLFWwindow* main_window, const AudienceScreen& screen, RedrawSchedule* redraw) {
  close();
  main_ = main_window;
  screen_ = screen;
  // Borderless over the whole screen rather than an exclusive fullscreen window: it does not
  // minimise when the teacher clicks the laptop's window, and window managers keep it on its screen.
  glfwWindowHint(GLFW_DECORATED, GLFW_FALSE);
  glfwWindowHint(GLFW_AUTO_ICONIFY, GLFW_FALSE);
  glfwWindowHint(GLFW_FOCUS_ON_SHOW, GLFW_FALSE);
  window_ = glfwCreateWindow(screen.width, screen.height, "CUDA Lab — for the room", nullptr, main_window);
  glfwWindowHint(GLFW_DECORATED, GLFW_TRUE);
  glfwWindowHint(GLFW_AUTO_ICONIFY, GLFW_TRUE);
  glfwWindowHint(GLFW_FOCUS_ON_SHOW, GLFW_TRUE);
  if (window_ == nullptr) return "the audience window could not be opened on " + screen.name;
  glfwSetWindowPos(window_, screen.x, screen.y);
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(0);  // the main window's swap paces the loop; two waits would halve the rate
  glfwMakeContextCurrent(main_);
  watch_window_events(window_, redraw);

  ImGuiContext* main_context = ImGui::GetCurrentContext();
  context_ = ImGui::CreateContext(ImGui::GetIO().Fonts);
  ImGui::SetCurrentContext(context_);
  ImGui::GetIO().IniFilename = nullptr;
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  audience.context = context_;
  wrap_callbacks(window_);
  ImGui::SetCurrentContext(main_context);
  return "";
}

void PresenterWindow::close() {
  if (window_ == nullptr) return;
  ImGuiContext* main_context = ImGui::GetCurrentContext();
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  const ImTextureID main_texture = atlas->TexID;
  ImGui::SetCurrentContext(context_);
  ImGui_ImplOpenGL3_Shutdown();  // clears the shared atlas's texture id: put the main one back
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext(context_);
  ImGui::SetCurrentContext(main_context);
  atlas->SetTexID(main_texture);
  audience = AudienceCallbacks{};
  glfwDestroyWindow(window_);
  glfwMakeContextCurrent(main_);
  window_ = nullptr;
  context_ = nullptr;
}

bool PresenterWindow::close_requested() const { return window_ != nullptr && glfwWindowShouldClose(window_) == GLFW_TRUE; }

void PresenterWindow::render(const std::function<void()>& build, ImVec4 clear_colour, bool hide_mouse) {
  if (window_ == nullptr) return;
  ImGuiContext* main_context = ImGui::GetCurrentContext();
  const ImGuiStyle style = ImGui::GetStyle();  // the theme and text size the main window has
  ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  const ImTextureID main_texture = atlas->TexID;
  ImGui::SetCurrentContext(context_);
  ImGui::GetStyle() = style;
  ImGui_ImplOpenGL3_NewFrame();
  // Its first frame uploads the shared atlas again and points it at that copy; both are the same
  // pixels, but the main backend owns (and rebuilds) its own: keep pointing at that one.
  atlas->SetTexID(main_texture);
  ImGui_ImplGlfw_NewFrame();
  ImGuiIO& io = ImGui::GetIO();
  if (hide_mouse) {
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  } else if (glfwGetWindowAttrib(window_, GLFW_HOVERED) == GLFW_TRUE) {
    // ImGui 1.86 reads the pointer of a focused window only; the teacher points at the room's
    // screen without clicking it first.
    double x = 0, y = 0;
    glfwGetCursorPos(window_, &x, &y);
    io.MousePos = ImVec2(static_cast<float>(x), static_cast<float>(y));
  }
  ImGui::NewFrame();
  build();
  ImGui::Render();

  glfwMakeContextCurrent(window_);
  glfwGetFramebufferSize(window_, &framebuffer_width_, &framebuffer_height_);
  glViewport(0, 0, framebuffer_width_, framebuffer_height_);
  glClearColor(clear_colour.x, clear_colour.y, clear_colour.z, 1.f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  glfwMakeContextCurrent(main_);
  ImGui::SetCurrentContext(main_context);
}

std::string PresenterWindow::save_png(const std::string& path) {
  if (window_ == nullptr) return "the audience window is not open";
  glfwMakeContextCurrent(window_);
  std::string problem = save_back_buffer_png(framebuffer_width_, framebuffer_height_, path);
  glfwMakeContextCurrent(main_);
  return problem;
}

void PresenterWindow::swap() {
  if (window_ != nullptr) glfwSwapBuffers(window_);
}

}  // namespace cudalab::app
