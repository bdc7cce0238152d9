#pragma once
// The shell's fonts, rasterised at the current font scale. Ctrl+= / Ctrl+- rebuild the atlas at
// the new pixel size (crisp text at 200 %, unlike io.FontGlobalScale, which stretches a bitmap).
#include <filesystem>
#include <string>

#include <imgui.h>

#include "shell/cjk_glyphs.h"
#include "widgets/widget_style.h"

namespace cudalab::app {

constexpr float base_font_pixels = 18.f;  // body text at 100 %: readable from the back of a room

struct FontBuild {
  widgets::Fonts fonts;
  std::string problem;  // fonts missing: what was used instead, in words; "" when all loaded
  // What the atlas came to (the GL backend uploads it as RGBA, 4 bytes a pixel).
  int atlas_width = 0, atlas_height = 0;
  int cjk_glyphs = 0;  // glyphs merged from the CJK font, over every size
  double seconds = 0;  // to load and rasterise
  std::size_t texture_bytes() const { return static_cast<std::size_t>(atlas_width) * atlas_height * 4; }
};

// Where the system keeps the DejaVu fonts (Debian's fonts-dejavu-core and fonts-dejavu-extra,
// which README's commands install): the first of the usual folders that holds DejaVuSans.ttf, or
// CUDALAB_FONT_DIR when set (tests use it to see the app without its fonts). The app carries no
// copy of its own.
std::filesystem::path dejavu_font_dir();

// Clears `atlas` and loads DejaVu Sans (regular, bold, oblique) and DejaVu Sans Mono from
// `font_dir` at `scale`, with glyphs for the symbols lesson text uses (× → µ · ≤ ▶ …). Falls back
// to ImGui's built-in font when a file is missing. Call between frames; the GL texture must be
// recreated afterwards (ImGui_ImplOpenGL3_DestroyFontsTexture / CreateFontsTexture).
// `cjk`, when given, merges the CJK font's glyphs for the characters of its text into the fonts
// that draw them (see cjk_glyphs.h), at the same scale.
FontBuild build_fonts(ImFontAtlas* atlas, const std::filesystem::path& font_dir, float scale,
                      const CjkGlyphRequest* cjk = nullptr);

}  // namespace cudalab::app
