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
#include "source_literals.h"
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

// Every string literal under `dirs`, one after the other with a separator no literal holds: what the
// lessons, the runtime and the worker can say, for the stale-pattern check.
std::string string_literals_under(const std::vector<fs::path>& dirs) {
  std::string all;
  for (const fs::path& dir : dirs)
    for (const std::string& literal : cudalab::test::string_literals_under(dir)) all += literal + '\x1f';
  return all;
}

// The patterns say() used for its text arguments (what the Run carried), for the stale check: the
// app's own argument translator (tr_text_zh) with the patterns it used written down.
std::set<std::string_view>* argument_patterns_used = nullptr;
std::string chinese_argument_noting_patterns(std::string_view english) {
  return i18n::translate_text(english, i18n::Language::zh_cn, argument_patterns_used);
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
  int runs = 0;
  for (const auto& lesson : cudalab::lessons::make_lessons()) {
    const auto steps = lesson->steps();
    for (std::size_t step = 0; step < steps.size(); ++step) {
      cudalab::lessons::RunControl control;
      const auto values = cudalab::lessons::defaults(steps[step], true);  // run on the emulator
      const cudalab::Run run = lesson->run(static_cast<int>(step), values, *device, control);
      const std::string where = lesson->id() + "-" + std::to_string(step + 1);
      left.check(views_in_chinese(*lesson, static_cast<int>(step), run), where);
      for (const auto& timing : run.timings) left.check(timing.label, where + " timing");
      ++runs;
    }
  }
  EXPECT_GT(runs, 30);

  const fs::path dir = fs::path(CUDALAB_SOURCE_DIR) / "assets" / "recordings" / "h200";
  const auto lessons = cudalab::lessons::make_lessons();
  int read = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".json" || entry.path().filename() == "recording.json") continue;
    cudalab::Run run;
    if (!cudalab::load_run(entry.path().string(), &run).ok()) continue;
    for (const auto& lesson : lessons) {
      if (lesson->id() != run.lesson) continue;
      left.check(views_in_chinese(*lesson, run.step, run), entry.path().filename().string());
      for (const auto& timing : run.timings) left.check(timing.label, entry.path().filename().string() + " timing");
      ++read;
    }
  }
  EXPECT_GT(read, 30);
  cudalab::lessons::text::set_argument_words(&i18n::tr_text_zh);
  EXPECT_TRUE(left.texts.empty()) << left.texts.size() << " texts keep English words:\n" << left.report();

  // A pattern nothing matches any more (the lesson's wording changed) is dead weight: it must go or
  // follow the lesson. A pattern no default run used (a singular, a size only some parameters give)
  // still counts when each of its literal parts is in a string literal of the lessons' sources.
  const std::string sources = string_literals_under({fs::path(CUDALAB_SOURCE_DIR) / "lessons",
                                                     fs::path(CUDALAB_SOURCE_DIR) / "runtime" / "src",
                                                     fs::path(CUDALAB_SOURCE_DIR) / "runtime" / "emu",
                                                     // The GPU backend's words, which a run without it
                                                     // (and on CI, without a GPU) never says.
                                                     fs::path(CUDALAB_SOURCE_DIR) / "runtime" / "cuda",
                                                     fs::path(CUDALAB_SOURCE_DIR) / "app" / "worker"});
  std::string stale;
  // The lessons' own catalog is held to its folders by LessonCatalog.EveryEntryIsSaidInItsFolder.
  for (const i18n::Translation& entry : i18n::zh_cn_view_patterns()) {
    if (left.used.contains(entry.english)) continue;
    for (std::string_view rest = entry.english; !rest.empty();) {
      const std::size_t open = rest.find('{');
      const std::string_view literal = rest.substr(0, open);
      if (literal.size() > 2 && sources.find(literal) == std::string::npos) {
        stale += std::string(entry.english) + "   (no \"" + std::string(literal) + "\" in the sources)\n";
        break;
      }
      if (open == std::string_view::npos) break;
      rest = rest.substr(std::min(rest.size(), rest.find('}', open) + 1));
    }
  }
  EXPECT_EQ(stale, "") << "patterns no run of the course produces";
}
