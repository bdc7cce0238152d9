#include "shell/window_placement.h"

#include <GLFW/glfw3.h>

#include <algorithm>

#include "settings/settings.h"

namespace cudalab::app {

void WindowPlacement::restore(const Settings& saved) {
  width_ = saved.window_width;
  height_ = saved.window_height;
  x_ = saved.window_x;
  y_ = saved.window_y;
}

void WindowPlacement::save(Settings* settings) const {
  settings->window_width = width_;
  settings->window_height = height_;
  settings->window_x = x_;
  settings->window_y = y_;
}

bool WindowPlacement::resized(int width, int height) {
  if (fullscreen_ || width <= 0 || height <= 0) return false;
  width_ = width;
  height_ = height;
  return true;
}

bool WindowPlacement::moved(int x, int y) {
  if (fullscreen_) return false;
  x_ = x;
  y_ = y;
  return true;
}

void WindowPlacement::toggle_fullscreen(GLFWwindow* window) {
  if (window == nullptr) return;
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  const GLFWvidmode* mode = monitor != nullptr ? glfwGetVideoMode(monitor) : nullptr;
  if (!fullscreen_) {
    if (mode == nullptr) return;
    glfwGetWindowPos(window, &x_, &y_);
    glfwGetWindowSize(window, &width_, &height_);
    fullscreen_ = true;
    glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  } else {
    fullscreen_ = false;
    glfwSetWindowMonitor(window, nullptr, std::max(x_, 0), std::max(y_, 0), width_, height_, 0);
  }
}

}  // namespace cudalab::app
