#pragma once
// What the desktop shell remembers between sessions: window size and position, theme, font
// scale, and where the student is in the course (chapter, step, visited steps). Stored as JSON in
// $XDG_CONFIG_HOME/cudalab/settings.json. Plain data and file I/O only: no ImGui, no GL.
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace cudalab::app {

enum class Theme { dark, light, high_contrast };
const char* to_string(Theme theme);            // "dark" / "light" / "high-contrast"
bool theme_from_string(const std::string& text, Theme* out);

// How the panes share the window (dragged with the splitters): fractions, so a size chosen on a
// laptop still makes sense on a projector. The layout (shell/pane_layout.h) also keeps every pane
// above a minimum in text heights, whatever the fractions say.
struct PaneSizes {
  static constexpr float min_fraction = 0.05f, max_fraction = 0.9f;
  float chapters_width = 0.16f;  // of the window's width
  float text_width = 0.28f;      // of the window's width
  float text_height = 0.60f;     // of the middle band: the lesson text over the controls
  float canvas_height = 0.62f;   // of the middle band: the canvas over the bottom pane
  bool chapters_collapsed = false;  // the chapter list as a narrow strip of numbers

  bool operator==(const PaneSizes&) const = default;
};

struct Settings {
  static constexpr float min_font_scale = 0.75f, max_font_scale = 3.0f;

  int window_width = 1280, window_height = 800;
  int window_x = -1, window_y = -1;  // -1: let the window manager place it
  bool window_maximized = false;
  Theme theme = Theme::dark;
  float font_scale = 1.0f;
  // "en" or "zh-CN"; "" until chosen (first start): the shell then follows the system locale.
  std::string language;
  std::string chapter;                          // lesson id; "" = the first
  int step = 0;                                 // 0-based within the chapter
  std::map<std::string, std::set<int>> visited;  // lesson id -> steps seen
  PaneSizes panes;

  bool operator==(const Settings&) const = default;
};

nlohmann::json to_json(const Settings& settings);
// Reads what it can: a missing or odd field keeps its default (an old or hand-edited file still
// loads). Throws nothing. `note`, when given, receives what was replaced by a default and why
// (pane sizes out of range), in words; "" when nothing was.
Settings settings_from_json(const nlohmann::json& j, std::string* note = nullptr);

struct LoadedSettings {
  Settings settings;
  // Empty when the file was read, or when there was no file yet (first start). Otherwise why the
  // file was not used, in words, for the console pane.
  std::string problem;
  bool file_existed = false;
  // True when the whole file was set aside (defaults everywhere); false when only a part of it
  // was (today only the pane sizes, which go back to their defaults as a whole).
  bool file_ignored = false;
};
// Never throws, never crashes on a corrupt file: gives defaults and says why.
LoadedSettings load_settings(const std::filesystem::path& file);
// The same for text already read (`file_name` only names it in `problem`); any bytes are safe.
LoadedSettings settings_from_text(std::string_view text, const std::string& file_name);

// Writes atomically (a temporary file renamed over the old one), creating the folder. Returns
// "" on success, else what went wrong in words.
std::string save_settings(const Settings& settings, const std::filesystem::path& file);

}  // namespace cudalab::app
