#pragma once
// How the window looks: the colours (dark, light, high contrast), the text size, the language, and
// the fonts built for the last two. A change is kept at once and the fonts follow before the next
// frame (ImGui's atlas must not change mid-frame). The setters say whether anything changed: the
// shell then has something new to remember in settings.json.
#include <filesystem>
#include <optional>
#include <string>

#include "i18n/language.h"
#include "session/gui_options.h"
#include "settings/settings.h"
#include "shell/font_atlas.h"
#include "widgets/widget_style.h"

namespace cudalab::app {

class Looks {
 public:
  // The remembered theme and text size. The language: --lang, else the remembered one, else the
  // system locale; screenshots and the tour speak English unless asked, so that they look the
  // same on every machine. It becomes i18n's current language.
  Looks(const Settings& saved, const GuiOptions& options);

  // --theme and --font-scale over the remembered ones: "" or what is wrong, in words.
  std::string apply_options(const GuiOptions& options);

  Theme theme() const { return theme_; }
  float font_scale() const { return font_scale_; }
  i18n::Language language() const { return language_; }
  const widgets::Fonts& fonts() const { return atlas_.fonts(); }
  const widgets::Colours& colours() const { return colours_; }
  widgets::Style style() const { return widgets::Style{atlas_.fonts(), colours_}; }
  // False when no CJK font was found: "简体中文" cannot be drawn.
  bool cjk_font_found() const { return atlas_.cjk_font_found(); }
  // The fonts hold the asked text size and language (build_fonts() has caught up).
  bool fonts_current() const { return atlas_.built_for(font_scale_, language_); }

  bool set_theme(Theme theme);
  bool set_font_scale(float scale);  // clamped to what settings accept
  // `by` sizes up or down the list Ctrl+= and Ctrl+- step through.
  bool step_font_scale(int by);
  // The A− and A+ buttons: a quarter at a time, a half above 200 %.
  bool smaller_text();
  bool larger_text();
  // Also i18n's current language; the fonts get the glyphs it needs before the next frame.
  bool set_language(i18n::Language language);

  // Before ImGui::NewFrame: builds the fonts when the text size or the language changed (needs the
  // GL backend) and sets the theme's style for that size; nothing when they are current. When
  // Chinese was asked and no CJK font exists, the language becomes English (`no_chinese`).
  std::optional<FontAtlas::Outcome> build_fonts(const std::filesystem::path& lessons_dir);

  // Theme, text size and language into `settings`.
  void save(Settings* settings) const;

 private:
  Theme theme_ = Theme::dark;
  float font_scale_ = 1.f;
  i18n::Language language_ = i18n::Language::en;
  FontAtlas atlas_;  // the fonts, built for font_scale_ and language_ before a frame
  widgets::Colours colours_;
};

}  // namespace cudalab::app
