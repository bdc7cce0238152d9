#include "shell/font_atlas.h"

#include <backends/imgui_impl_opengl3.h>
#include <imgui.h>

#include <cstdio>
#include <cstdlib>
#include <optional>

#include "shell/fonts.h"

namespace cudalab::app {

FontAtlas::Outcome FontAtlas::build(float scale, i18n::Language language, const std::filesystem::path& lessons_dir) {
  Outcome outcome;
  const bool first_build = !built();
  const bool new_language = first_build || language != language_;
  std::optional<CjkGlyphRequest> cjk;
  const std::optional<CjkFont> cjk_font = find_cjk_font();
  cjk_font_found_ = cjk_font.has_value();
  if (cjk_font) {
    cjk.emplace();
    cjk->font = *cjk_font;
    // The lesson files are read again only when the language changes, not at every text size.
    if (new_language) {
      cjk_text_ = language == i18n::Language::zh_cn ? chinese_cjk_text(lessons_dir) : english_cjk_text();
    }
    cjk->text = cjk_text_;
  } else if (language == i18n::Language::zh_cn) {
    outcome.no_chinese = true;
    language = i18n::Language::en;
  }
  const FontBuild build = build_fonts(ImGui::GetIO().Fonts, dejavu_font_dir(), scale, cjk ? &*cjk : nullptr);
  fonts_ = build.fonts;
  if (first_build) outcome.problem = build.problem;
  // What the atlas costs, for issue #14's budget: CUDALAB_FONT_STATS=1 prints it on stderr.
  if (const char* wanted = std::getenv("CUDALAB_FONT_STATS"); wanted != nullptr && *wanted != '\0' && *wanted != '0') {
    std::fprintf(stderr, "cudalab: Fonts: %s at %.0f %%: atlas %d×%d, %.1f MiB as RGBA, %d CJK glyphs, built in %.0f ms\n",
                 i18n::code_of(language), scale * 100.f, build.atlas_width, build.atlas_height,
                 static_cast<double>(build.texture_bytes()) / (1024.0 * 1024.0), build.cjk_glyphs, build.seconds * 1000.0);
  }
  if (!first_build) {
    // The backend creates the texture on its first frame; later rebuilds replace it.
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
  }
  scale_ = scale;
  language_ = language;
  return outcome;
}

}  // namespace cudalab::app
