// Chinese glyphs (issue #14): every character of every zh-CN text and of the zh-CN string table
// has a glyph in the atlas the app builds — in the font that draws it — so nothing shows as "?".
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <imgui.h>
#include <imgui_internal.h>  // ImTextCharFromUtf8: the decoder the atlas uses

#include "i18n/language.h"
#include "shell/cjk_glyphs.h"
#include "i18n/text_patterns.h"
#include "shell/fonts.h"
#include "widgets/results_widgets.h"

using namespace cudalab::app;
namespace fs = std::filesystem;

namespace {

// The code points of `text` (ImGui's own decoder, as the atlas reads it) that `font` cannot draw.
std::string missing_glyphs(ImFont* font, const std::string& text) {
  std::string missing;
  const char* at = text.c_str();
  const char* end = at + text.size();
  while (at < end) {
    unsigned int c = 0;
    const int length = ImTextCharFromUtf8(&c, at, end);
    if (length <= 0) break;
    if (c >= 0x20 && font->FindGlyphNoFallback(static_cast<ImWchar>(c)) == nullptr) {
      if (missing.find(std::string(at, static_cast<std::size_t>(length))) == std::string::npos) missing.append(at, length);
    }
    at += length;
  }
  return missing;
}

struct Atlas {
  Atlas() { ImGui::CreateContext(); }
  ~Atlas() { ImGui::DestroyContext(); }
};

}  // namespace

TEST(CjkGlyphs, MarkdownTextIsSortedByTheFontThatDrawsIt) {
  CjkText text;
  add_markdown_text("# 标题\n\n正文 **加粗** 和 *强调* 与 `代码`\n\n```\n// 注释\n```\n", &text);
  EXPECT_NE(text.headings.find("标题"), std::string::npos);
  EXPECT_EQ(text.headings.find("正文"), std::string::npos);
  EXPECT_NE(text.bold.find("加粗"), std::string::npos);
  EXPECT_NE(text.italic.find("强调"), std::string::npos);
  EXPECT_EQ(text.italic.find("加粗"), std::string::npos) << "** is strong, not two emphases";
  EXPECT_NE(text.code.find("代码"), std::string::npos);
  EXPECT_NE(text.code.find("注释"), std::string::npos);
  EXPECT_NE(text.body.find("正文"), std::string::npos);
}

TEST(CjkGlyphs, NoFontFoundIsSaid) {
  setenv("CUDALAB_CJK_FONT", "/nonexistent/cjk.ttc", 1);
  EXPECT_FALSE(find_cjk_font().has_value());
  unsetenv("CUDALAB_CJK_FONT");
}

#ifdef CUDALAB_SOURCE_DIR
TEST(CjkGlyphs, EveryCharacterOfTheChineseTextsHasAGlyph) {
  const std::optional<CjkFont> font = find_cjk_font();
  if (!font) GTEST_SKIP() << "no CJK font here (install fonts-wqy-microhei)";
  const fs::path dejavu = dejavu_font_dir();
  if (!fs::exists(dejavu / "DejaVuSans.ttf")) GTEST_SKIP() << "fonts-dejavu-core is not installed here";
  const fs::path lessons = fs::path(CUDALAB_SOURCE_DIR) / "lessons";
  int files = 0;
  CjkGlyphRequest request{*font, chinese_cjk_text(lessons, &files)};
  ASSERT_GE(files, 1);
  for (float scale : {1.f, 2.f}) {
    Atlas context;
    const FontBuild build = build_fonts(ImGui::GetIO().Fonts, dejavu, scale, &request);
    ASSERT_EQ(build.problem, "");
    EXPECT_GT(build.cjk_glyphs, 1000) << "the lessons use over a thousand distinct characters";
    // Every file, whole, in the body font; its parts in theirs.
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(lessons)) {
      if (!is_shown_chinese_text(entry.path())) continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::ostringstream read;
      read << in.rdbuf();
      CjkText parts;
      add_markdown_text(read.str(), &parts);
      const std::string name = entry.path().lexically_relative(lessons).string();
      EXPECT_EQ(missing_glyphs(build.fonts.regular, parts.body), "") << name << " at " << scale;
      EXPECT_EQ(missing_glyphs(build.fonts.bold, parts.bold), "") << name << " (bold)";
      EXPECT_EQ(missing_glyphs(build.fonts.italic, parts.italic), "") << name << " (emphasis)";
      EXPECT_EQ(missing_glyphs(build.fonts.mono, parts.code), "") << name << " (code)";
      for (ImFont* heading : {build.fonts.heading1, build.fonts.heading2, build.fonts.heading3}) {
        EXPECT_EQ(missing_glyphs(heading, parts.headings), "") << name << " (headings)";
      }
      EXPECT_EQ(missing_glyphs(build.fonts.heading2, parts.titles), "") << name << " (titles)";
      // The chapter list draws the current chapter's title in bold.
      EXPECT_EQ(missing_glyphs(build.fonts.bold, parts.titles), "") << name << " (titles in bold)";
    }
    // The interface: buttons and labels (regular), panel headings (bold), big values (heading3);
    // the few words drawn as titles in the two title sizes.
    for (const i18n::Translation& entry : i18n::zh_cn_table()) {
      const std::string chinese(entry.chinese);
      for (ImFont* used : {build.fonts.regular, build.fonts.bold, build.fonts.heading3}) {
        EXPECT_EQ(missing_glyphs(used, chinese), "") << entry.english;
      }
      for (const char* title : kTitleWords) {
        if (entry.english != title) continue;
        EXPECT_EQ(missing_glyphs(build.fonts.heading1, chinese), "") << entry.english;
        EXPECT_EQ(missing_glyphs(build.fonts.heading2, chinese), "") << entry.english;
      }
    }
    // Run-time text: facts drawn in large type (heading3), cells and tooltips, verdict lines.
    for (const i18n::Translation& entry : i18n::zh_cn_patterns()) {
      const std::string chinese(entry.chinese);
      for (ImFont* used : {build.fonts.regular, build.fonts.bold, build.fonts.heading3}) {
        EXPECT_EQ(missing_glyphs(used, chinese), "") << entry.english;
      }
    }
    // The language selector's own name, in any language.
    EXPECT_EQ(missing_glyphs(build.fonts.regular, i18n::name_of(i18n::Language::zh_cn)), "");
  }
}

// A step without a picture shows its facts on the canvas in the large font, which is built without
// CJK glyphs: a Chinese value must be drawn by a font that has them (chapter 4's errors step).
TEST(CjkGlyphs, CanvasFactsInChineseAreDrawnByAFontWithTheirGlyphs) {
  const std::optional<CjkFont> font = find_cjk_font();
  if (!font) GTEST_SKIP() << "no CJK font here (install fonts-wqy-microhei)";
  const fs::path dejavu = dejavu_font_dir();
  if (!fs::exists(dejavu / "DejaVuSans.ttf")) GTEST_SKIP() << "fonts-dejavu-core is not installed here";
  Atlas context;
  const std::string chinese = "启动本身，立刻报告（cudaGetLastError）";
  CjkText text;
  text.body = chinese;  // as the app asks for every run-time string's characters
  CjkGlyphRequest request{*font, text};
  const FontBuild build = build_fonts(ImGui::GetIO().Fonts, dejavu, 1.f, &request);
  ASSERT_EQ(build.problem, "");
  EXPECT_NE(missing_glyphs(build.fonts.large, chinese), "") << "the large font has CJK glyphs now: drop the fallback";
  for (bool large : {true, false}) {
    ImFont* used = widgets::facts_value_font(build.fonts, large, chinese);
    EXPECT_EQ(missing_glyphs(used, chinese), "") << (large ? "canvas" : "results pane");
  }
  EXPECT_EQ(widgets::facts_value_font(build.fonts, true, "16 of 16 · 3.5 ms"), build.fonts.large);
}

TEST(CjkGlyphs, EnglishKeepsTheAtlasSmall) {
  const std::optional<CjkFont> font = find_cjk_font();
  if (!font) GTEST_SKIP() << "no CJK font here (install fonts-wqy-microhei)";
  Atlas context;
  CjkGlyphRequest request{*font, english_cjk_text()};
  const FontBuild build = build_fonts(ImGui::GetIO().Fonts, dejavu_font_dir(), 1.f, &request);
  EXPECT_LE(build.cjk_glyphs, 4 * 7) << "only 简体中文, in each of the seven fonts";
  EXPECT_EQ(missing_glyphs(build.fonts.regular, "简体中文"), "");
  // Characters no English screen shows are not rasterised (and the check above can fail).
  EXPECT_EQ(missing_glyphs(build.fonts.regular, "核函数"), "核函数");
}
#endif
