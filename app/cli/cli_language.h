#pragma once
// The language of the text commands (`cudalab run`, `check`, `exercise`, `exercises`): `--lang`,
// else the language the window last spoke (settings.json), else the system locale — the window's
// own order. Sets i18n's current language; the commands then print through tr() and tr_text().
#include <string>
#include <utility>

#include <fmt/format.h>

#include "i18n/language.h"

namespace cudalab::app {

i18n::Language choose_cli_language(const std::string& lang_option);

// fmt::format with a format string looked up in the current language.
template <class... Args>
std::string trf(const char* english, Args&&... args) {
  return fmt::format(fmt::runtime(i18n::tr(english)), std::forward<Args>(args)...);
}

// A chapter's title and one step's title in the current language: from the chapter's
// lesson.zh-CN.md in Chinese (as the window shows them), else the English ones given.
struct ChapterWords {
  std::string chapter, step;
};
ChapterWords chapter_words(const std::string& folder, int step, const std::string& chapter_title, const std::string& step_title);

}  // namespace cudalab::app
