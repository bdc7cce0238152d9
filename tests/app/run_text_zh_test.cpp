// Issue #14: text the lessons build at run time reads in Chinese. Every step of every chapter runs
// at its defaults on the emulator, and every shipped H200 recording is drawn; the views are built
// in Chinese as the app builds them (lessons/text/say.h), each text the app would show
// (app/i18n/view_words.h: for_each_text) then goes through the zh-CN tables and patterns as in the
// app, and no English word may be left but names (CUDA identifiers, kernels, code, units, numbers).
// Set CUDALAB_ZH_LEFT=FILE to write the English that is left, one text a line (for translators).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>

#include "cudalab/device.h"
#include "i18n/text_patterns.h"
#include "i18n/view_words.h"
#include "lesson.h"
#include "text/say.h"

namespace i18n = cudalab::app::i18n;
namespace fs = std::filesystem;

namespace {

// English left after translation, by the English text it came from.
struct Leftovers {
  std::map<std::string, std::string> texts;  // english → where it was seen
  std::set<std::string_view> used;           // patterns that matched

  void check(const std::string& english, const std::string& where) {
    if (english.empty()) return;
    const std::string chinese = i18n::translate_text(english, i18n::Language::zh_cn, &used);
    if (!i18n::english_words_left(chinese).empty()) texts.emplace(english, where);
  }
  void check(std::vector<cudalab::lessons::View> views, const std::string& where) {
    for (auto& view : views) i18n::for_each_text(view, [&](std::string& text) { check(text, where); });
  }
  std::string report() const {
    if (const char* file = std::getenv("CUDALAB_ZH_LEFT")) {
      std::ofstream out(file, std::ios::app);
      for (const auto& [english, where] : texts) out << where << "\t" << english << "\n";
    }
    std::string out;
    int shown = 0;
    for (const auto& [english, where] : texts) {
      if (++shown > 40) break;
      const std::string chinese = i18n::translate_text(english, i18n::Language::zh_cn);
      out += where + ": " + english + "\n    → " + chinese + "\n";
    }
    return out;
  }
};

// The patterns say() used for its text arguments (what the Run carried), for the stale check: the
// app's own argument translator (tr_text_zh) with the patterns it used written down.
std::set<std::string_view>* argument_patterns_used = nullptr;
std::string last_patterned_argument;  // the last argument a pattern translated, for the report
std::string chinese_argument_noting_patterns(std::string_view english) {
  const std::size_t before = argument_patterns_used ? argument_patterns_used->size() : 0;
  std::string chinese = i18n::translate_text(english, i18n::Language::zh_cn, argument_patterns_used);
  if (argument_patterns_used && argument_patterns_used->size() != before) last_patterned_argument = english;
  return chinese;
}

// As the app makes them: the lesson builds its views in Chinese (say(), word()); the checker then
// shows them as the app does, through the tables and patterns, for the English a Run carries.
std::vector<cudalab::lessons::View> views_in_chinese(const cudalab::lessons::Lesson& lesson, int step,
                                                     const cudalab::Run& run) {
  const cudalab::lessons::SpeakIn chinese(cudalab::lessons::Language::zh_cn);
  return lesson.views(step, run);
}

}  // namespace

// One test, so that the stale check at its end sees what both sources used.
TEST(RunTextZh, EveryStepAndEveryRecordingReadsInChinese) {
  std::unique_ptr<cudalab::Device> device;
  ASSERT_TRUE(cudalab::open_device(cudalab::BackendRequest::emulator, &device, 0, 2).ok());
  Leftovers left;
  argument_patterns_used = &left.used;
  cudalab::lessons::text::set_argument_words(&chinese_argument_noting_patterns);
  // Today's course: what a step's views show of the run's own English (its timing labels, the words
  // in its results) is said by the messages the run carries, and what the views hold in English is
  // a whole text of the tables: lookups and formats, never text parsed back with a pattern.
  std::map<std::string, std::string> english_left;  // text → the step that showed it
  std::map<std::string, std::string> parsed;        // pattern → the step and the text it parsed
  int runs = 0;
  for (const auto& lesson : cudalab::lessons::make_lessons()) {
    const auto steps = lesson->steps();
    for (std::size_t step = 0; step < steps.size(); ++step) {
      cudalab::lessons::RunControl control;
      const auto values = cudalab::lessons::defaults(steps[step], true);  // run on the emulator
      // As the worker makes it (app/worker/step_host.cpp): what the lesson says, kept as messages.
      cudalab::Run run;
      {
        const cudalab::lessons::SpeakIn english(cudalab::lessons::Language::en);
        cudalab::lessons::text::KeepMessages kept;
        run = lesson->run(static_cast<int>(step), values, *device, control);
        run.messages = kept.take();
      }
      // Through JSON, as it crosses from the worker and as it is saved.
      cudalab::Run read;
      ASSERT_TRUE(cudalab::from_json(cudalab::to_json(run), &read).ok());
      ASSERT_EQ(read.messages, run.messages);
      const std::string where = lesson->id() + "-" + std::to_string(step + 1);
      const cudalab::lessons::text::KnownMessages known(read.messages);
      // As the app shows them (app/i18n/view_words.h), each text's patterns noted.
      const auto note = [&](const std::string& english, const std::string& at) {
        left.used.clear();
        const std::string chinese = i18n::translate_text(english, i18n::Language::zh_cn, &left.used);
        if (!i18n::english_words_left(chinese).empty()) english_left.emplace(english, at);
        for (std::string_view pattern : left.used) parsed.emplace(pattern, at + ": " + english);
      };
      left.used.clear();
      std::vector<cudalab::lessons::View> views = views_in_chinese(*lesson, static_cast<int>(step), read);
      for (std::string_view pattern : left.used)
        parsed.emplace(pattern, where + " (an argument of say(), as \"" + last_patterned_argument + "\")");
      for (auto& view : views)
        i18n::for_each_text(view, [&](std::string& text) {
          note(text, where);
        });
      for (const auto& timing : read.timings) note(timing.label, where + " timing");
      ++runs;
    }
  }
  EXPECT_GT(runs, 30);
  std::string report;
  for (const auto& [text, where] : english_left) report += "  " + where + ": " + text + "\n";
  EXPECT_EQ(report, "") << "English in today's views as they are made in Chinese: make it with say() or word()";
  report.clear();
  for (const auto& [pattern, where] : parsed) report += "  " + where + ": " + pattern + "\n";
  EXPECT_EQ(report, "") << "text of today's runs parsed back with these patterns: make it with say() or message()";
  left.used.clear();

  const fs::path dir = fs::path(CUDALAB_SOURCE_DIR) / "assets" / "recordings" / "h200";
  const auto lessons = cudalab::lessons::make_lessons();
  int read = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".json" || entry.path().filename() == "recording.json") continue;
    cudalab::Run run;
    if (!cudalab::load_run(entry.path().string(), &run).ok()) continue;
    for (const auto& lesson : lessons) {
      if (lesson->id() != run.lesson) continue;
      const cudalab::lessons::text::KnownMessages known(run.messages);
      left.check(views_in_chinese(*lesson, run.step, run), entry.path().filename().string());
      for (const auto& timing : run.timings) left.check(timing.label, entry.path().filename().string() + " timing");
      ++read;
    }
  }
  EXPECT_GT(read, 30);
  cudalab::lessons::text::set_argument_words(&i18n::tr_text_zh);
  EXPECT_TRUE(left.texts.empty()) << left.texts.size() << " texts keep English words:\n" << left.report();

  // Today's runs say their words by message; the patterns are the bounded path for the recordings
  // made before messages. A pattern no recording uses is dead weight: it must go.
  std::string stale;
  for (const i18n::Translation& entry : i18n::zh_cn_view_patterns())
    if (!left.used.contains(entry.english)) stale += std::string(entry.english) + "\n";
  EXPECT_EQ(stale, "") << "patterns no recording uses";
}
