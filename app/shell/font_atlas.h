#pragma once
// The fonts the window draws with, built for one text size and one language (Chinese needs the
// CJK glyphs its texts use: read from the lessons and the string tables when the language
// changes). Rebuilt before a frame, never during one: ImGui's atlas must not change mid-frame.
#include <filesystem>
#include <string>

#include "i18n/language.h"
#include "shell/cjk_glyphs.h"
#include "widgets/widget_style.h"

namespace cudalab::app {

class FontAtlas {
 public:
  const widgets::Fonts& fonts() const { return fonts_; }
  bool built_for(float scale, i18n::Language language) const { return scale == scale_ && language == language_; }
  bool built() const { return scale_ != 0.f; }
  // False when no CJK font was found: "简体中文" cannot be drawn (the selector says "zh-CN").
  bool cjk_font_found() const { return cjk_font_found_; }

  struct Outcome {
    bool no_chinese = false;  // Chinese was asked and no CJK font exists: built for English
    std::string problem;      // fonts missing on the first build: what was used instead, in words
  };
  // Builds the atlas (and, after the first build, the GL texture) for `scale` and `language`.
  Outcome build(float scale, i18n::Language language, const std::filesystem::path& lessons_dir);

 private:
  float scale_ = 0.f;  // 0: never built
  i18n::Language language_ = i18n::Language::en;  // the language whose glyphs the atlas holds
  CjkText cjk_text_;  // the characters that language needs
  bool cjk_font_found_ = true;
  widgets::Fonts fonts_;
};

}  // namespace cudalab::app
