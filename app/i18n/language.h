#pragma once
// The language the app speaks: English (the source of every text) or Simplified Chinese. One
// process-wide choice, set at start (--lang, settings.json, else the system locale) and by the top
// bar's selector; tr() reads it. Plain data: no ImGui, no GL.
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "text/say.h"

namespace cudalab::app::i18n {

// The lessons' language (lessons/text/say.h): one enum for the app, the CLI and say().
using lessons::Language;

const char* code_of(Language language);       // "en" / "zh-CN": what settings.json and --lang hold
const char* name_of(Language language);       // "English" / "简体中文": the selector's words
std::optional<Language> language_from_code(std::string_view code);  // "en", "zh-CN" (also "zh_CN", "zh")
// What the system asks for, the way gettext reads it: the first set of LC_ALL, LC_MESSAGES, LANG.
// zh_* (zh_CN.UTF-8, zh_SG, zh_TW…) is Chinese; anything else, or nothing, English.
Language language_from_locale(const char* lc_all, const char* lc_messages, const char* lang);
Language language_from_environment();

Language current_language();
// Also the lessons' default language: views built after this speak it (say()).
void set_current_language(Language language);

// The text in the current language: `english` itself is the key. A string with no translation
// comes back as it is (English), never empty. The pointer lives as long as the program.
const char* tr(const char* english);
std::string tr(const std::string& english);
const char* tr_zh(const char* english);  // the Chinese, whatever the current language

// Every zh-CN entry of the string table, for the glyph collection and the tests.
struct Translation {
  std::string_view english, chinese;
};
std::span<const Translation> zh_cn_table();

}  // namespace cudalab::app::i18n
