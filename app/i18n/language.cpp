#include "i18n/language.h"

#include <atomic>
#include <cstdlib>
#include <unordered_map>

namespace cudalab::app::i18n {

const char* code_of(Language language) { return language == Language::zh_cn ? "zh-CN" : "en"; }
const char* name_of(Language language) { return language == Language::zh_cn ? "简体中文" : "English"; }

std::optional<Language> language_from_code(std::string_view code) {
  if (code == "en") return Language::en;
  if (code == "zh-CN" || code == "zh_CN" || code == "zh") return Language::zh_cn;
  return std::nullopt;
}

Language language_from_locale(const char* lc_all, const char* lc_messages, const char* lang) {
  // gettext's order: the first variable that is set and not empty wins, even when it says "C".
  for (const char* value : {lc_all, lc_messages, lang}) {
    if (value == nullptr || *value == '\0') continue;
    const std::string_view locale(value);
    return locale.starts_with("zh") && (locale.size() == 2 || locale[2] == '_' || locale[2] == '-' || locale[2] == '.')
               ? Language::zh_cn
               : Language::en;
  }
  return Language::en;
}

Language language_from_environment() {
  return language_from_locale(std::getenv("LC_ALL"), std::getenv("LC_MESSAGES"), std::getenv("LANG"));
}

namespace {
// Set from the UI thread, read by any thread that formats words (the console log, say).
std::atomic<Language> current{Language::en};
}  // namespace

Language current_language() { return current.load(std::memory_order_relaxed); }
void set_current_language(Language language) {
  current.store(language, std::memory_order_relaxed);
  lessons::set_default_language(language);
}

const char* tr(const char* english) {
  if (english == nullptr || current_language() == Language::en) return english;
  return tr_zh(english);
}

const char* tr_zh(const char* english) {
  if (english == nullptr) return english;
  // Built once from the table; string_view keys point into the table's literals.
  static const auto* const index = [] {
    auto* map = new std::unordered_map<std::string_view, const char*>;
    for (const Translation& entry : zh_cn_table()) map->emplace(entry.english, entry.chinese.data());
    return map;
  }();
  const auto it = index->find(english);
  return it != index->end() ? it->second : english;
}

std::string tr(const std::string& english) { return tr(english.c_str()); }

}  // namespace cudalab::app::i18n
