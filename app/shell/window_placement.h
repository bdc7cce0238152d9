#pragma once
// Where the window is when it is not fullscreen: its size and position, remembered across sessions
// (settings.json) and kept while fullscreen so that F11 brings the window back where it was.
struct GLFWwindow;

namespace cudalab::app {

struct Settings;

class WindowPlacement {
 public:
  void restore(const Settings& saved);  // at start: the remembered size and position
  void save(Settings* settings) const;

  int width() const { return width_; }
  int height() const { return height_; }
  int x() const { return x_; }
  int y() const { return y_; }
  bool fullscreen() const { return fullscreen_; }

  // The window manager's reports: true when they changed the windowed placement (a fullscreen
  // window's size is not the window's).
  bool resized(int width, int height);
  bool moved(int x, int y);
  // F11: fullscreen on the primary monitor, or back to the remembered placement.
  void toggle_fullscreen(GLFWwindow* window);

 private:
  int width_ = 1280, height_ = 800;
  int x_ = -1, y_ = -1;  // -1: where the window manager puts it
  bool fullscreen_ = false;
};

}  // namespace cudalab::app
