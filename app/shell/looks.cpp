#include "shell/looks.h"

#include <algorithm>
#include <array>

#include "shell/theme.h"

namespace cudalab::app {

namespace {

constexpr std::array<float, 10> font_scales = {0.75f, 0.9f, 1.f, 1.1f, 1.25f, 1.5f, 1.75f, 2.f, 2.5f, 3.f};

}  // namespace

Looks::Looks(const Settings& saved, const GuiOptions& options) : theme_(saved.theme), font_scale_(saved.font_scale) {
  if (const auto chosen = i18n::language_from_code(options.language)) {
    language_ = *chosen;
  } else if (options.automated()) {
    language_ = i18n::Language::en;
  } else if (const auto remembered = i18n::language_from_code(saved.language)) {
    language_ = *remembered;
  } else {
    language_ = i18n::language_from_environment();
  }
  i18n::set_current_language(language_);
}

std::string Looks::apply_options(const GuiOptions& options) {
  if (!options.theme.empty() && !theme_from_string(options.theme, &theme_)) {
    return "no theme named '" + options.theme + "' (themes: dark, light, high-contrast)";
  }
  if (options.font_scale != 0) {
    if (!(options.font_scale >= Settings::min_font_scale && options.font_scale <= Settings::max_font_scale)) {
      return "the text size must be between 0.75 and 3 (got " + std::to_string(options.font_scale) + ")";
    }
    font_scale_ = options.font_scale;
  }
  return "";
}

bool Looks::set_theme(Theme theme) {
  const bool changed = theme != theme_;
  theme_ = theme;
  colours_ = apply_theme(theme_, font_scale_);
  return changed;
}

bool Looks::set_font_scale(float scale) {
  scale = std::clamp(scale, Settings::min_font_scale, Settings::max_font_scale);
  if (scale == font_scale_) return false;
  font_scale_ = scale;  // rebuilt in build_fonts(): the atlas must not change mid-frame
  return true;
}

bool Looks::step_font_scale(int by) {
  const auto current =
      std::find_if(font_scales.begin(), font_scales.end(), [&](float s) { return s >= font_scale_ - 0.01f; });
  const int last = static_cast<int>(font_scales.size()) - 1;
  const int index = std::clamp(static_cast<int>(current - font_scales.begin()) + by, 0, last);
  return set_font_scale(font_scales[static_cast<std::size_t>(index)]);
}

bool Looks::smaller_text() {
  return set_font_scale(font_scale_ <= 0.76f ? font_scale_ : font_scale_ - (font_scale_ > 2.01f ? 0.5f : 0.25f));
}

bool Looks::larger_text() { return set_font_scale(font_scale_ + (font_scale_ >= 2.f ? 0.5f : 0.25f)); }

bool Looks::set_language(i18n::Language language) {
  if (language == language_) return false;
  language_ = language;
  i18n::set_current_language(language);
  return true;
}

std::optional<FontAtlas::Outcome> Looks::build_fonts(const std::filesystem::path& lessons_dir) {
  if (fonts_current()) return std::nullopt;
  FontAtlas::Outcome built = atlas_.build(font_scale_, language_, lessons_dir);
  if (built.no_chinese) {
    language_ = i18n::Language::en;
    i18n::set_current_language(language_);
  }
  colours_ = apply_theme(theme_, font_scale_);
  return built;
}

void Looks::save(Settings* settings) const {
  settings->theme = theme_;
  settings->font_scale = font_scale_;
  settings->language = i18n::code_of(language_);
}

}  // namespace cudalab::app
