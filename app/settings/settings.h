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

struct Settings {
  static constexpr float min_font_scale = 0.75f, max_font_scale = 3.0f;

  int window_width = 1280, window_height = 800;
  int window_x = -1, window_y = -1;  // -1: let the window manager place it
  bool window_maximized = false;
  Theme theme = Theme::dark;
  float font_scale = 1.0f;
  std::string chapter;                          // lesson id; "" = the first
  int step = 0;                                 // 0-based within the chapter
  std::map<std::string, std::set<int>> visited;  // lesson id -> steps seen

  bool operator==(const Settings&) const = default;
};

nlohmann::json to_json(const Settings& settings);
// Reads what it can: a missing or odd field keeps its default (an old or hand-edited file still
// loads). Throws nothing.
Settings settings_from_json(const nlohmann::json& j);

struct LoadedSettings {
  Settings settings;
  // Empty when the file was read, or when there was no file yet (first start). Otherwise why the
  // file was not used, in words, for the console pane.
  std::string problem;
  bool file_existed = false;
};
// Never throws, never crashes on a corrupt file: gives defaults and says why.
LoadedSettings load_settings(const std::filesystem::path& file);
// The same for text already read (`file_name` only names it in `problem`); any bytes are safe.
LoadedSettings settings_from_text(std::string_view text, const std::string& file_name);

// Writes atomically (a temporary file renamed over the old one), creating the folder. Returns
// "" on success, else what went wrong in words.
std::string save_settings(const Settings& settings, const std::filesystem::path& file);

}  // namespace cudalab::app
