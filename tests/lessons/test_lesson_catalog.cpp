// Translation by message id (lessons/text/say.h): the catalog each chapter keeps beside its lesson,
// say() and word() in both languages, and every entry held to the code that says it.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "source_literals.h"
#include "text/catalog.h"
#include "text/catalog_index.h"
#include "text/say.h"

namespace fs = std::filesystem;
using namespace cudalab::lessons;
using cudalab::lessons::text::message_id;
using cudalab::lessons::text::parse_po;
using cudalab::lessons::text::set_argument_words;

TEST(LessonCatalog, MessageIdsReduceEveryHoleToTheSameForm) {
  EXPECT_EQ(message_id("{:.2f} ms"), "{} ms");
  EXPECT_EQ(message_id("{0} of {1:>4}"), "{} of {}");
  EXPECT_EQ(message_id("{{literal}} {}"), "{{literal}} {}");
  EXPECT_EQ(message_id("no holes"), "no holes");
  // A prediction question's named placeholder is the question's, filled later: not an fmt hole.
  EXPECT_EQ(message_id("{threads_per_block} threads, {:.1f} s"), "{threads_per_block} threads, {} s");
  EXPECT_EQ(message_id("an open { and no close"), "an open { and no close");
  // A spec that takes its precision or width from an argument is still one hole.
  EXPECT_EQ(message_id("{:.{}f} ms, {:>{}}"), "{} ms, {}");
}

TEST(LessonCatalog, PoFilesAreReadWithTheirEscapesAndContinuations) {
  std::vector<std::string> problems;
  const auto entries = parse_po(
      "# a comment\n"
      "msgid \"a \\\"quoted\\\" {} word\"\n"
      "msgstr \"\"\n"
      "  \"一个 {0}\\n\"\n"
      "\n"
      "msgid \"tab\\there\"\n"
      "msgstr \"制表\\t符\"\n",
      "x.po", &problems);
  EXPECT_TRUE(problems.empty()) << problems.front();
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].id, "a \"quoted\" {} word");
  EXPECT_EQ(entries[0].text, "一个 {0}\n");
  EXPECT_EQ(entries[0].line, 2);
  EXPECT_EQ(entries[1].id, "tab\there");
  EXPECT_EQ(entries[1].text, "制表\t符");
}

TEST(LessonCatalog, ABrokenPoFileIsReportedWithItsLine) {
  std::vector<std::string> problems;
  parse_po("msgstr \"no id\"\n", "a.po", &problems);
  parse_po("msgid \"x\"\nmsgstr \"bad \\q escape\"\n", "b.po", &problems);
  parse_po("msgid \"x\"\nwhat is this\n", "c.po", &problems);
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems[0].rfind("a.po:1:", 0), 0u) << problems[0];
  EXPECT_EQ(problems[1].rfind("b.po:2:", 0), 0u) << problems[1];
  EXPECT_EQ(problems[2].rfind("c.po:2:", 0), 0u) << problems[2];
}

TEST(LessonCatalog, TheChaptersCatalogHasNoProblems) {
  std::string all;
  for (const std::string& problem : text::catalog_problems()) all += problem + "\n";
  EXPECT_EQ(all, "");
  EXPECT_GT(text::catalog().size(), 1000u);
  std::set<std::string_view> files;
  for (const auto& entry : text::catalog()) files.insert(entry.file);
  EXPECT_GE(files.size(), 12u) << "each chapter keeps its strings in its own folder";
}

TEST(LessonCatalog, SayInEnglishIsFmtFormat) {
  SpeakIn english(Language::en);
  EXPECT_EQ(say("{} min {} s", 2, 3), fmt::format("{} min {} s", 2, 3));
  EXPECT_EQ(say("{:.2f} ms", 1.23456), "1.23 ms");
  EXPECT_EQ(say("a text no catalog has: {}", 7), "a text no catalog has: 7");
  EXPECT_EQ(word("Data"), "Data");
}

TEST(LessonCatalog, SayInChineseFillsTheTemplateWithTheEnglishFormats) {
  SpeakIn chinese(Language::zh_cn);
  EXPECT_EQ(say("{} min {} s", 2, 3), "2 分 3 秒");
  // The Chinese reorders the holes, each formatted as its English hole asks.
  EXPECT_EQ(say("BM×BN×BK {}×{}×{}, warp {}×{}, {} buffers, 16×8×8 MMAs", 128, 128, 16, 64, 64, 4),
            "BM×BN×BK 128×128×16，线程束 64×64，4 个缓冲区，16×8×8 MMA");
  EXPECT_EQ(word("Data"), "数据");
  // No entry: the English, formatted, never an empty text.
  EXPECT_EQ(say("a text no catalog has: {:.1f}", 7.25), "a text no catalog has: 7.2");
  EXPECT_EQ(word("a word no catalog has"), "a word no catalog has");
}

TEST(LessonCatalog, AHoleSpecIsNotPartOfTheIdButShapesTheNumber) {
  SpeakIn chinese(Language::zh_cn);
  // Find an entry whose English has a hole and check that a spec changes the number, not the lookup.
  const text::CatalogEntry* entry = nullptr;
  for (const auto& e : text::catalog())
    if (e.id == "{} min {} s") entry = &e;
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(say("{:>3} min {:.1f} s", 2, 3.0), "  2 分 3.0 秒");
}

TEST(LessonCatalog, TextArgumentsAreShownInChineseTooButNumbersAndCompilerWordsAreNot) {
  SpeakIn chinese(Language::zh_cn);
  EXPECT_EQ(say("{} ({})", 5, std::string("CUDA events")), "5（CUDA 事件）");  // a catalog word
  EXPECT_EQ(say("{} ({})", 5, 6), "5（6）");
  // A word the catalog lacks goes to what the app installed (its tables, for text a Run carried).
  set_argument_words(+[](std::string_view english) { return "«" + std::string(english) + "»"; });
  EXPECT_EQ(say("{} ({})", 5, "no such word"), "5（«no such word»）");
  EXPECT_EQ(word("no such word"), "«no such word»");
  // "{1=}": shown as it came (a compiler's message is the student's own words).
  EXPECT_EQ(say("line {}: {}", 3, "Data"), "第 3 行：Data");
  set_argument_words(nullptr);
  EXPECT_EQ(say("{} ({})", 5, "no such word"), "5（no such word）");
  SpeakIn english(Language::en);
  EXPECT_EQ(say("{} ({})", 5, "CUDA events"), "5 (CUDA events)");
}

TEST(LessonCatalog, ANestedSpecTakesItsArgumentsInFmtsOrder) {
  // "{0} 毫秒（{1}）" for "{:.{}f} ms ({})": the value, then its precision, then the next hole.
  text::Template chinese;
  chinese.pieces = {{"", 0}, {" 毫秒（", -1}, {"", 1}, {"）", -1}};
  const auto shown = [&](auto&&... values) {
    return text::fill(chinese, "{:.{}f} ms ({})", fmt::make_format_args(values...));
  };
  EXPECT_EQ(shown(1.23456, 2, "x"), "1.23 毫秒（x）");
  EXPECT_EQ(shown(1.23456, 0, "y"), "1 毫秒（y）");
}

TEST(LessonCatalog, EachThreadSpeaksItsOwnLanguage) {
  set_default_language(Language::en);
  {
    SpeakIn outer(Language::zh_cn);
    EXPECT_EQ(word("Data"), "数据");
    {
      SpeakIn inner(Language::en);
      EXPECT_EQ(word("Data"), "Data");
    }
    EXPECT_EQ(word("Data"), "数据");
    std::string other;
    std::thread([&] { other = word("Data"); }).join();
    EXPECT_EQ(other, "Data") << "another thread speaks the default";
  }
  EXPECT_EQ(speaking(), Language::en);
  set_default_language(Language::zh_cn);
  std::string other;
  std::thread([&] { other = word("Data"); }).join();
  EXPECT_EQ(other, "数据");
  set_default_language(Language::en);
}

namespace {

// The message ids of the literals under `dir`, and the literals themselves joined for a search.
struct Said {
  std::set<std::string> ids;
  std::string joined;
};

Said said_under(const fs::path& dir) {
  Said said;
  for (const std::string& literal : cudalab::test::string_literals_under(dir)) {
    said.ids.insert(message_id(literal));
    said.joined += literal + '\x1f';
  }
  return said;
}

}  // namespace

// An entry lives in the folder whose code says it (common/: what several chapters or the framework
// say). It is said when a literal there is its id, or, for a message put together from a table's
// words or a hole that is itself a text ("{} read {}"), when each of its literal parts is.
TEST(LessonCatalog, EveryEntryIsSaidInItsFolder) {
  const fs::path lessons = fs::path(CUDALAB_SOURCE_DIR) / "lessons";
  // common/ also holds the words of what runs a lesson and grades a class: the runtime's (the
  // emulator's reports, the device's words), the worker's (a step stopped, a worker gone), the
  // app session's (a run it could not show) and `cudalab check`'s (a class folder's entries it
  // cannot grade).
  Said everywhere = said_under(lessons);
  for (const char* dir : {"runtime", "app/worker", "app/cli", "app/session"}) {
    const Said more = said_under(fs::path(CUDALAB_SOURCE_DIR) / dir);
    everywhere.ids.insert(more.ids.begin(), more.ids.end());
    everywhere.joined += more.joined;
  }
  std::map<std::string, Said> by_folder;
  std::string unsaid;
  int checked = 0;
  for (const auto& entry : text::catalog()) {
    const std::string folder(entry.file.substr(0, entry.file.find('/')));
    const Said* said = &everywhere;
    if (folder != "common") {
      auto [it, added] = by_folder.try_emplace(folder);
      if (added) it->second = said_under(lessons / folder);
      said = &it->second;
    }
    ++checked;
    const std::string id(entry.id);
    if (said->ids.contains(id)) continue;
    bool parts_found = false;
    for (std::string_view rest = id; !rest.empty();) {
      const std::size_t hole = rest.find("{}");
      const std::string_view part = rest.substr(0, hole);
      if (part.size() > 2) {
        parts_found = said->joined.find(part) != std::string::npos;
        if (!parts_found) break;
      }
      if (hole == std::string_view::npos) break;
      rest = rest.substr(hole + 2);
    }
    if (!parts_found) unsaid += fmt::format("{}:{}: \"{}\"\n", entry.file, entry.line, id);
  }
  EXPECT_GT(checked, 1000);
  EXPECT_EQ(unsaid, "") << "entries no code of their folder says (remove them, or move them where the code is)";
}
