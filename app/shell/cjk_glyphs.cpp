#include "shell/cjk_glyphs.h"

#include <cstdlib>
#include <string_view>
#include <system_error>

#include "cudalab/files.h"
#include "i18n/language.h"
#include "i18n/text_patterns.h"

namespace cudalab::app {

namespace fs = std::filesystem;

std::optional<CjkFont> find_cjk_font() {
  std::error_code error;
  if (const char* chosen = std::getenv("CUDALAB_CJK_FONT"); chosen != nullptr && *chosen != '\0') {
    if (fs::is_regular_file(chosen, error)) return CjkFont{chosen, 0};
    return std::nullopt;
  }
  // Noto's collection holds JP, KR, SC, TC, HK in that order: face 2 draws Simplified Chinese forms.
  const CjkFont candidates[] = {
      {"/usr/share/fonts/truetype/wqy/wqy-microhei.ttc", 0},
      {"/usr/share/fonts/wqy-microhei/wqy-microhei.ttc", 0},
      {"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", 2},
  };
  for (const CjkFont& font : candidates) {
    if (fs::is_regular_file(font.file, error)) return font;
  }
  return std::nullopt;
}

namespace {

void add_language_names(CjkText* text) {
  for (std::string* part : {&text->body, &text->bold, &text->italic, &text->headings, &text->titles, &text->code}) {
    *part += i18n::name_of(i18n::Language::zh_cn);
  }
}

// The text between pairs of `marker` on one line ("**" for strong, "*" for emphasis, "`" for
// code); a lone "*" inside "**" does not count as emphasis.
void add_between(std::string_view line, std::string_view marker, std::string* out) {
  std::size_t from = 0;
  while (true) {
    std::size_t open = line.find(marker, from);
    if (marker == "*") {
      while (open != std::string_view::npos && open + 1 < line.size() && (line[open + 1] == '*' || (open > 0 && line[open - 1] == '*'))) {
        open = line.find(marker, open + 2);
      }
    }
    if (open == std::string_view::npos) return;
    const std::size_t close = line.find(marker, open + marker.size());
    if (close == std::string_view::npos) return;
    *out += line.substr(open + marker.size(), close - open - marker.size());
    *out += '\n';
    from = close + marker.size();
  }
}

}  // namespace

void add_markdown_text(std::string_view markdown, CjkText* text) {
  text->body += markdown;
  bool in_fence = false;
  while (!markdown.empty()) {
    const std::size_t end = std::min(markdown.find('\n'), markdown.size());
    const std::string_view line = markdown.substr(0, end);
    markdown.remove_prefix(std::min(end + 1, markdown.size()));
    const std::size_t indent = line.find_first_not_of(' ');
    const std::string_view trimmed = indent == std::string_view::npos ? std::string_view{} : line.substr(indent);
    if (trimmed.starts_with("```") || trimmed.starts_with("~~~")) {
      in_fence = !in_fence;
      continue;
    }
    if (in_fence) {
      text->code += line;
      text->code += '\n';
      continue;
    }
    if (trimmed.starts_with('#')) {
      text->headings += line;
      text->headings += '\n';
      text->titles += line;
      text->titles += '\n';
      // Chapter and step titles are also drawn in bold: the chapter list marks the current one so.
      text->bold += line;
      text->bold += '\n';
    }
    add_between(line, "**", &text->bold);
    add_between(line, "*", &text->italic);
    add_between(line, "`", &text->code);
  }
}

bool is_shown_chinese_text(const fs::path& file) {
  const std::string name = file.filename().string();
  return name.ends_with(".zh-CN.md") && !name.starts_with("GLOSSARY");
}

const char* const kTitleWords[4] = {"Step %d · %s", "You can now", "Exercise · %s", "Now: %d.%d %s"};

CjkText english_cjk_text() {
  CjkText text;
  add_language_names(&text);
  return text;
}

CjkText chinese_cjk_text(const fs::path& lessons_dir, int* files_read) {
  CjkText text;
  add_language_names(&text);
  for (const i18n::Translation& entry : i18n::zh_cn_table()) {
    for (std::string* part : {&text.body, &text.bold, &text.headings}) {
      *part += entry.chinese;
      *part += '\n';
    }
  }
  // Run-time text (a lesson's facts, cells, tooltips; a verdict): the patterns' Chinese, holes and all.
  for (const i18n::Translation& entry : i18n::zh_cn_patterns()) {
    for (std::string* part : {&text.body, &text.bold, &text.headings}) {
      *part += entry.chinese;
      *part += '\n';
    }
  }
  for (const char* english : kTitleWords) {
    for (const i18n::Translation& entry : i18n::zh_cn_table()) {
      if (entry.english == english) text.titles += entry.chinese;
    }
  }
  int files = 0;
  std::error_code error;
  // The build tree links lessons/ to the sources: follow it.
  for (fs::recursive_directory_iterator it(lessons_dir, fs::directory_options::follow_directory_symlink |
                                                            fs::directory_options::skip_permission_denied,
                                           error),
       end;
       !error && it != end; it.increment(error)) {
    if (!is_shown_chinese_text(it->path()) || !it->is_regular_file(error)) continue;
    add_markdown_text(read_whole_file(it->path()).value_or(""), &text);
    ++files;
  }
  if (files_read != nullptr) *files_read = files;
  return text;
}

}  // namespace cudalab::app
