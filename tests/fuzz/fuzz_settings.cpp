// Fuzz target: settings.json, as the shell loads it at start (settings_from_text is what
// load_settings runs on the file's bytes). Promises checked on every input: no crash or
// exception; a file that is set aside leaves every default, one used in part defaults that part; the values the shell uses come back
// inside their ranges; and what is saved loads back equal.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "settings/settings.h"

using cudalab::app::Settings;
using nlohmann::json;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const cudalab::app::LoadedSettings loaded = cudalab::app::settings_from_text(text, "settings.json");
  const Settings& settings = loaded.settings;
  // A file set aside leaves every default; a file used in part says so and defaults that part
  // (the pane sizes, as a whole).
  if (loaded.file_ignored) FUZZ_CHECK(!loaded.problem.empty() && settings == Settings{});
  if (!loaded.problem.empty() && !loaded.file_ignored) FUZZ_CHECK(settings.panes == cudalab::app::PaneSizes{});
  FUZZ_CHECK(settings.window_width >= 320 && settings.window_width <= 16384);
  FUZZ_CHECK(settings.window_height >= 240 && settings.window_height <= 16384);
  FUZZ_CHECK(settings.font_scale >= Settings::min_font_scale && settings.font_scale <= Settings::max_font_scale);
  FUZZ_CHECK(settings.step >= 0);
  for (const auto& [chapter, steps] : settings.visited) {
    FUZZ_CHECK(steps.empty() || *steps.begin() >= 0);
  }
  // What save_settings writes, without the file.
  const std::string saved = to_json(settings).dump(2, ' ', false, json::error_handler_t::replace);
  const cudalab::app::LoadedSettings again = cudalab::app::settings_from_text(saved, "saved.json");
  FUZZ_CHECK(again.problem.empty());
  FUZZ_CHECK(again.settings == settings);
  return 0;
}
