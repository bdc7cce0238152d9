#include "settings/settings.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <system_error>

#include "cudalab/files.h"

namespace cudalab::app {

namespace fs = std::filesystem;
using nlohmann::json;

const char* to_string(Theme theme) {
  switch (theme) {
    case Theme::dark: return "dark";
    case Theme::light: return "light";
    case Theme::high_contrast: return "high-contrast";
  }
  return "dark";
}

bool theme_from_string(const std::string& text, Theme* out) {
  for (Theme theme : {Theme::dark, Theme::light, Theme::high_contrast}) {
    if (text == to_string(theme)) {
      *out = theme;
      return true;
    }
  }
  return false;
}

json to_json(const Settings& settings) {
  json visited = json::object();
  for (const auto& [chapter, steps] : settings.visited) visited[chapter] = steps;
  return json{
      {"version", 1},
      {"window",
       {{"width", settings.window_width},
        {"height", settings.window_height},
        {"x", settings.window_x},
        {"y", settings.window_y},
        {"maximized", settings.window_maximized}}},
      {"theme", to_string(settings.theme)},
      {"font_scale", settings.font_scale},
      {"language", settings.language},
      {"course", {{"chapter", settings.chapter}, {"step", settings.step}, {"visited", visited}}},
      {"panes",
       {{"chapters_width", settings.panes.chapters_width},
        {"text_width", settings.panes.text_width},
        {"text_height", settings.panes.text_height},
        {"canvas_height", settings.panes.canvas_height},
        {"chapters_collapsed", settings.panes.chapters_collapsed}}},
  };
}

namespace {

// Copies j[key] into *out when it exists and has the right type; otherwise leaves the default.
template <typename T>
void read_field(const json& j, const char* key, T* out) {
  if (!j.is_object()) return;
  const auto it = j.find(key);
  if (it == j.end()) return;
  if constexpr (std::is_same_v<T, bool>) {
    if (it->is_boolean()) *out = it->template get<bool>();
  } else if constexpr (std::is_arithmetic_v<T>) {
    // Through double: every JSON number is one. A number outside T's range keeps the default:
    // converting it (1e300 to int, 1e39 to float) would be undefined behaviour, not a value.
    if (!it->is_number()) return;
    const double value = it->template get<double>();
    if (value >= static_cast<double>(std::numeric_limits<T>::lowest()) &&
        value <= static_cast<double>(std::numeric_limits<T>::max())) {
      *out = static_cast<T>(value);
    }
  } else {
    if (it->is_string()) *out = it->template get<T>();
  }
}

}  // namespace

namespace {

// Pane fractions: all or nothing. One odd value among four would give a layout nobody chose, so
// any value outside the range (or of the wrong type) brings back the whole default layout.
PaneSizes pane_sizes_from_json(const json& j, std::string* note) {
  const PaneSizes defaults;
  PaneSizes panes;
  if (!j.is_object()) {
    if (note != nullptr) *note = "the pane sizes are not an object";
    return defaults;
  }
  const std::pair<const char*, float*> fields[] = {{"chapters_width", &panes.chapters_width},
                                                   {"text_width", &panes.text_width},
                                                   {"text_height", &panes.text_height},
                                                   {"canvas_height", &panes.canvas_height}};
  for (const auto& [key, out] : fields) {
    const auto it = j.find(key);
    if (it == j.end()) continue;  // an older file: that pane keeps its default
    const double value = it->is_number() ? it->get<double>() : -1.0;
    if (!(value >= PaneSizes::min_fraction && value <= PaneSizes::max_fraction)) {
      if (note != nullptr) *note = std::string("pane size \"") + key + "\" is " + it->dump() + ", not a fraction from 0.05 to 0.9";
      return defaults;
    }
    *out = static_cast<float>(value);
  }
  read_field(j, "chapters_collapsed", &panes.chapters_collapsed);
  // The two columns beside the canvas cannot take the whole width together.
  if (panes.chapters_width + panes.text_width > PaneSizes::max_fraction) {
    if (note != nullptr) *note = "the chapter list and the text column together are wider than the window";
    return defaults;
  }
  return panes;
}

}  // namespace

Settings settings_from_json(const json& j, std::string* note) {
  if (note != nullptr) note->clear();
  Settings settings;
  const Settings defaults;
  if (!j.is_object()) return settings;
  if (const auto window = j.find("window"); window != j.end()) {
    read_field(*window, "width", &settings.window_width);
    read_field(*window, "height", &settings.window_height);
    read_field(*window, "x", &settings.window_x);
    read_field(*window, "y", &settings.window_y);
    read_field(*window, "maximized", &settings.window_maximized);
  }
  // A window smaller than this is unusable, larger is a typo; fall back rather than obey.
  if (settings.window_width < 320 || settings.window_width > 16384) settings.window_width = defaults.window_width;
  if (settings.window_height < 240 || settings.window_height > 16384) settings.window_height = defaults.window_height;

  std::string theme_name;
  read_field(j, "theme", &theme_name);
  if (!theme_from_string(theme_name, &settings.theme)) settings.theme = defaults.theme;

  read_field(j, "font_scale", &settings.font_scale);
  if (!(settings.font_scale >= Settings::min_font_scale && settings.font_scale <= Settings::max_font_scale)) {
    settings.font_scale = defaults.font_scale;
  }

  // Only the languages the app speaks; anything else is as if never chosen (the locale decides).
  read_field(j, "language", &settings.language);
  if (settings.language != "en" && settings.language != "zh-CN") settings.language.clear();

  if (const auto course = j.find("course"); course != j.end() && course->is_object()) {
    read_field(*course, "chapter", &settings.chapter);
    read_field(*course, "step", &settings.step);
    settings.step = std::max(settings.step, 0);
    if (const auto visited = course->find("visited"); visited != course->end() && visited->is_object()) {
      for (const auto& [chapter, steps] : visited->items()) {
        if (!steps.is_array()) continue;
        for (const json& step : steps) {
          // get<int>() of 4294967296 would wrap to 0: take the full width, then check the range.
          if (!step.is_number_integer()) continue;
          const bool fits =
              step.is_number_unsigned()
                  ? step.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<int>::max())
                  : step.get<std::int64_t>() >= 0 && step.get<std::int64_t>() <= std::numeric_limits<int>::max();
          if (fits) settings.visited[chapter].insert(static_cast<int>(step.get<std::int64_t>()));
        }
      }
    }
  }
  if (const auto panes = j.find("panes"); panes != j.end()) settings.panes = pane_sizes_from_json(*panes, note);
  return settings;
}

LoadedSettings load_settings(const fs::path& file) {
  LoadedSettings loaded;
  std::error_code error;
  const bool exists = fs::exists(file, error);
  if (error) {
    loaded.problem = "Settings: cannot look at " + file.string() + " (" + error.message() + "); using defaults.";
    loaded.file_ignored = true;
    return loaded;
  }
  if (!exists) return loaded;  // first start: nothing to say
  loaded.file_existed = true;

  std::string why;
  const std::optional<std::string> text = read_whole_file(file, &why);
  if (!text) {
    loaded.problem = "Settings: cannot read " + file.string() + " (" + why + "); using defaults.";
    loaded.file_ignored = true;
    return loaded;
  }
  loaded = settings_from_text(*text, file.string());
  loaded.file_existed = true;
  return loaded;
}

LoadedSettings settings_from_text(std::string_view text, const std::string& file_name) {
  LoadedSettings loaded;
  loaded.file_existed = true;
  // Without exceptions: bad syntax, bytes that are not UTF-8 and numbers past a double (1e400)
  // all come back as a discarded value.
  const json parsed = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (parsed.is_discarded() || !parsed.is_object()) {
    loaded.problem =
        "Settings: " + file_name +
        " is not valid settings JSON; using defaults (the file is left as it is until you change a setting).";
    loaded.file_ignored = true;
    return loaded;
  }
  std::string note;
  loaded.settings = settings_from_json(parsed, &note);
  // The rest of the file is used; the message says which part was not.
  if (!note.empty()) loaded.problem = "Settings: in " + file_name + ", " + note + "; using the default pane sizes.";
  return loaded;
}

std::string save_settings(const Settings& settings, const fs::path& file) {
  std::error_code error;
  fs::create_directories(file.parent_path(), error);
  if (error) return "cannot create " + file.parent_path().string() + " (" + error.message() + ")";

  fs::path temporary = file;
  temporary += ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return "cannot write " + temporary.string() + " (" + std::strerror(errno) + ")";
    // replace: a chapter id that is not UTF-8 must not throw out of a save at exit.
    out << to_json(settings).dump(2, ' ', false, json::error_handler_t::replace) << '\n';
    out.flush();
    if (!out) return "cannot write " + temporary.string() + " (" + std::strerror(errno) + ")";
  }
  fs::rename(temporary, file, error);
  if (error) {
    const std::string problem = "cannot replace " + file.string() + " (" + error.message() + ")";
    fs::remove(temporary, error);
    return problem;
  }
  return "";
}

}  // namespace cudalab::app
