// The language choice and the string table (app/i18n): the locale decides on a first start, a
// missing translation is English, never empty.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

#include "i18n/language.h"
#include "lesson.h"

using namespace cudalab::app::i18n;

TEST(Language, TheLocaleDecidesInGettextOrder) {
  EXPECT_EQ(language_from_locale(nullptr, nullptr, "zh_CN.UTF-8"), Language::zh_cn);
  EXPECT_EQ(language_from_locale(nullptr, nullptr, "zh_TW.UTF-8"), Language::zh_cn);
  EXPECT_EQ(language_from_locale(nullptr, nullptr, "en_GB.UTF-8"), Language::en);
  EXPECT_EQ(language_from_locale("C.UTF-8", nullptr, "zh_CN.UTF-8"), Language::en) << "LC_ALL wins";
  EXPECT_EQ(language_from_locale("", "zh_SG.UTF-8", "en_US.UTF-8"), Language::zh_cn) << "an empty LC_ALL is unset";
  EXPECT_EQ(language_from_locale(nullptr, nullptr, nullptr), Language::en);
  EXPECT_EQ(language_from_locale(nullptr, nullptr, "zhx"), Language::en);
}

TEST(Language, CodesRoundTrip) {
  for (Language language : {Language::en, Language::zh_cn}) EXPECT_EQ(language_from_code(code_of(language)), language);
  EXPECT_FALSE(language_from_code("fr").has_value());
}

TEST(Language, TrTranslatesOnlyInChineseAndFallsBackToEnglish) {
  set_current_language(Language::en);
  EXPECT_STREQ(tr("Reset"), "Reset");
  set_current_language(Language::zh_cn);
  EXPECT_STREQ(tr("Reset"), "重置");
  EXPECT_STREQ(tr("No such string in the table"), "No such string in the table");
  EXPECT_EQ(tr(std::string("Cancel")), "取消");
  set_current_language(Language::en);
}

TEST(Language, TheTableHasNoEmptyOrDuplicateEntries) {
  std::set<std::string_view> keys;
  for (const Translation& entry : zh_cn_table()) {
    EXPECT_FALSE(entry.chinese.empty()) << entry.english;
    EXPECT_TRUE(keys.insert(entry.english).second) << "twice: " << entry.english;
    // printf-style entries keep their conversions (%d, %s, %.0f, %%) in the same order; a plain
    // "10 %" is no conversion.
    auto conversions = [](std::string_view text) {
      static const std::regex conversion("%[.0-9]*[dsgf%]");
      std::string found;
      const std::string copy(text);
      for (auto it = std::sregex_iterator(copy.begin(), copy.end(), conversion); it != std::sregex_iterator(); ++it) {
        found += it->str();
      }
      return found;
    };
    EXPECT_EQ(conversions(entry.english), conversions(entry.chinese)) << entry.english;
  }
}

// The lessons' words the app shows (parameter labels, prediction questions, choices, units) have
// their Chinese in app/i18n/strings_zh_cn_lessons.cpp. Identifier-like choices (float4, hang) are
// names, not words, and stay as they are.
TEST(Language, EveryLessonLabelAndQuestionHasItsChinese) {
  set_current_language(Language::zh_cn);
  auto is_identifier = [](const std::string& text) {
    return text.find(' ') == std::string::npos && text.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == std::string::npos;
  };
  std::set<std::string> missing;
  for (const auto& lesson : cudalab::lessons::make_lessons()) {
    for (const cudalab::lessons::Step& step : lesson->steps()) {
      for (const cudalab::lessons::Param& param : step.params) {
        if (param.label != "GPU" && tr(param.label) == param.label) missing.insert(lesson->id() + ": " + param.label);
      }
      if (!step.prediction) continue;
      if (tr(step.prediction->question) == step.prediction->question) missing.insert(lesson->id() + ": " + step.prediction->question);
      for (const std::string& choice : step.prediction->choices) {
        if (!is_identifier(choice) && tr(choice) == choice && choice.find_first_not_of("0123456789 KMiB") != std::string::npos) {
          missing.insert(lesson->id() + ": " + choice);
        }
      }
      const std::string& unit = step.prediction->unit;
      if (!unit.empty() && unit != "MiB" && unit != "KiB" && unit != "µs" && tr(unit) == unit) missing.insert(lesson->id() + ": " + unit);
    }
  }
  set_current_language(Language::en);
  std::string list;
  for (const std::string& text : missing) list += "\n  " + text;
  EXPECT_TRUE(missing.empty()) << "no Chinese in app/i18n/strings_zh_cn_lessons.cpp for:" << list;
}
