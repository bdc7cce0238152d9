#pragma once
// Chinese glyphs for the font atlas (issue #14). A CJK font has ~20 000 glyphs; rasterising all of
// them at every size the shell uses would make an atlas of hundreds of MiB. The app needs only
// the characters its Chinese texts contain, so it collects them at run time — from every
// lesson.zh-CN.md (and any other *.zh-CN.md under lessons/) and from the zh-CN string table — and
// asks the atlas for those alone, sorted by the font that draws them (body text, bold, headings,
// code), so that no size carries glyphs it never shows.
#include <filesystem>
#include <optional>
#include <string>

namespace cudalab::app {

// A CJK font from Debian's archive: fonts-wqy-microhei (README's commands install it), else
// fonts-noto-cjk's Sans CJK SC. CUDALAB_CJK_FONT overrides the search (a file, or a path that does
// not exist to see the app without one). `index` is the face inside a .ttc collection.
struct CjkFont {
  std::filesystem::path file;
  int index = 0;
};
std::optional<CjkFont> find_cjk_font();

// UTF-8 text whose characters each font must draw; only characters outside what the DejaVu
// fonts already hold are rasterised from the CJK font.
struct CjkText {
  std::string body;      // regular text: everything
  std::string bold;      // **strong** spans, panel headings, UI words
  std::string italic;    // *emphasis* spans
  std::string headings;  // `#` lines of the lessons, UI words (small headings, big values)
  // The two title sizes (chapter and step titles): only `#` lines and the few UI words drawn that
  // large — at 200 % each glyph there costs four times a body glyph.
  std::string titles;
  std::string code;      // `code` spans and fenced blocks
};

// The interface's words drawn in the title sizes (the step heading "Step %d · %s", the recap's
// "You can now", the exercise's title line, the presenter's "Now:"), in English: tr() gives them.
extern const char* const kTitleWords[4];

// What a language needs: for English only the selector's "简体中文"; for Chinese every zh-CN text
// under `lessons_dir` plus the string table. `files_read` (when given) counts the files.
CjkText english_cjk_text();
// Whether a file under lessons/ is Chinese text the app shows: *.zh-CN.md, but not the translators'
// glossary (GLOSSARY.zh-CN.md), which only people read.
bool is_shown_chinese_text(const std::filesystem::path& file);
CjkText chinese_cjk_text(const std::filesystem::path& lessons_dir, int* files_read = nullptr);
// Adds to `text` what one Markdown file needs, sorted by font (the parts of `CjkText`).
void add_markdown_text(std::string_view markdown, CjkText* text);

struct CjkGlyphRequest {
  CjkFont font;
  CjkText text;
};

}  // namespace cudalab::app
