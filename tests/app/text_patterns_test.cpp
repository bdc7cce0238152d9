// The run-time text matcher (app/i18n/text_patterns.h): holes, reordering, dropped holes, no false
// matches, the cache; and the shipped pattern tables are well formed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "i18n/text_patterns.h"

using namespace cudalab::app::i18n;

namespace {

std::string same(std::string_view hole) { return std::string(hole); }

}  // namespace

TEST(TextPatterns, HolesAreFilledInTheChineseOrder) {
  const Translation entries[] = {
      {"{} threads ran in {} blocks", "{1} 个线程块里运行了 {0} 个线程"},
      {"block {}", "线程块 {0}"},
  };
  const PatternTable table(entries);
  EXPECT_TRUE(table.problems().empty());
  EXPECT_EQ(table.match("256 threads ran in 4 blocks", same), "4 个线程块里运行了 256 个线程");
  EXPECT_EQ(table.match("block 7", same), "线程块 7");
  // A hole's text may itself be translated (the caller's fill).
  EXPECT_EQ(table.match("block 7 threads ran in 2 blocks", [](std::string_view hole) { return "<" + std::string(hole) + ">"; }),
            "<2> 个线程块里运行了 <block 7> 个线程");
}

TEST(TextPatterns, APluralHoleMayBeEmptyAndDropped) {
  const Translation entries[] = {{"{} thread{} ran", "运行了 {0} 个线程"}};
  const PatternTable table(entries);
  EXPECT_EQ(table.match("1 thread ran", same), "运行了 1 个线程");
  EXPECT_EQ(table.match("8 threads ran", same), "运行了 8 个线程");
  // Other holes are never empty.
  EXPECT_EQ(table.match(" threads ran", same), std::nullopt);
}

TEST(TextPatterns, NoFalseMatches) {
  const Translation entries[] = {
      {"block {}", "线程块 {0}"},
      {"{} of {}", "{0}/{1}"},
      {"{} of {} elements", "{1} 个元素中的 {0} 个"},
  };
  const PatternTable table(entries);
  EXPECT_EQ(table.match("blocks 7", same), std::nullopt) << "literals are anchored, words whole";
  EXPECT_EQ(table.match("a block 7", same), std::nullopt) << "anchored at the start";
  EXPECT_EQ(table.match("block 7 ran", same), "线程块 7 ran") << "a trailing hole takes the rest";
  EXPECT_EQ(table.match("nothing here", same), std::nullopt);
  // Holes keep brackets and launch configurations whole.
  EXPECT_EQ(table.match("hello<<<2, 4>>> of x", same), "hello<<<2, 4>>>/x");
  EXPECT_EQ(table.match("f(a of b)", same), std::nullopt);
  // The most specific pattern (the most literal text) wins over a looser one.
  EXPECT_EQ(table.match("3 of 8 elements", same), "8 个元素中的 3 个");
  EXPECT_EQ(table.match("3 of 8", same), "3/8");
}

TEST(TextPatterns, HolesTakeTheShortestTextThatLetsTheRestMatch) {
  const Translation entries[] = {{"{} of {} elements of {} are wrong", "{2} 的 {1} 个元素中有 {0} 个是错的"}};
  const PatternTable table(entries);
  EXPECT_EQ(table.match("3 of 10 elements of out are wrong", same), "out 的 10 个元素中有 3 个是错的");
  // Backtracking: " of " inside a later hole.
  EXPECT_EQ(table.match("3 of 10 elements of list of values are wrong", same), "list of values 的 10 个元素中有 3 个是错的");
}

TEST(TextPatterns, MalformedEntriesAreRefused) {
  const Translation entries[] = {
      {"no holes", "没有洞"},
      {"{}{} side by side", "{0}{1}"},
      {"one {}", "{1}"},
  };
  const PatternTable table(entries);
  EXPECT_EQ(table.problems().size(), 3u);
  EXPECT_EQ(table.size(), 0u);
}

TEST(TextPatterns, TrTextUsesTheExactTableThenPatternsThenLinesAndCaches) {
  set_current_language(Language::zh_cn);
  EXPECT_EQ(tr_text("Reset"), "重置") << "the exact table first";
  EXPECT_EQ(tr_text("Passed all 5 tests"), "全部 5 个测试通过");
  EXPECT_EQ(tr_text("Passed all 5 tests"), "全部 5 个测试通过") << "from the cache, the same";
  EXPECT_EQ(tr_text("Passed all 5 tests\nReset"), "全部 5 个测试通过\n重置") << "line by line";
  EXPECT_EQ(tr_text("3.25 ms"), "3.25 ms") << "no words, nothing to do";
  EXPECT_EQ(tr_text("no such text anywhere"), "no such text anywhere");
  set_current_language(Language::en);
  EXPECT_EQ(tr_text("Passed all 5 tests"), "Passed all 5 tests") << "English needs no lookup";
  EXPECT_EQ(translate_text("Passed all 5 tests", Language::zh_cn), "全部 5 个测试通过");
}

TEST(TextPatterns, TheShippedTablesAreWellFormed) {
  const PatternTable table(zh_cn_patterns());
  EXPECT_EQ(table.problems(), std::vector<std::string>{});
  std::set<std::string_view> keys;
  for (const Translation& entry : zh_cn_patterns()) {
    EXPECT_TRUE(keys.insert(entry.english).second) << "twice: " << entry.english;
    EXPECT_FALSE(entry.chinese.empty()) << entry.english;
  }
  EXPECT_GT(zh_cn_patterns().size(), 200u);
}

// Every pattern can be reached: its English with each hole filled ("7", or "s" after a word, as a
// plural) comes out changed — no other pattern shadows it into nothing. (Patterns of punctuation
// alone, "{} ({})", act only around words: an example of digits is left as it is.)
TEST(TextPatterns, EveryPatternTranslatesItsOwnExample) {
  std::string unreached;
  for (const Translation& entry : zh_cn_patterns()) {
    std::string example;
    for (std::string_view rest = entry.english;;) {
      const std::size_t open = rest.find('{');
      example += rest.substr(0, open);
      if (open == std::string_view::npos) break;
      const bool plural = open > 0 && std::isalpha(static_cast<unsigned char>(rest[open - 1]));
      example += plural ? "s" : "7";
      rest = rest.substr(rest.find('}', open) + 1);
    }
    // Names, code and numbers alone ("col = threadIdx.x + … = 7") are shown as they are: say() finds
    // such an entry by its id, never by its text.
    const bool has_words = !english_words_left(example).empty();
    // A pattern whose Chinese is its English ("✓ {0}  {1}") is there for its holes.
    std::string same_words(entry.chinese);
    for (char digit = '0'; digit <= '9'; ++digit) {
      const std::string hole = std::string("{") + digit + "}";
      for (std::size_t at; (at = same_words.find(hole)) != std::string::npos;) same_words.replace(at, hole.size(), "7");
    }
    if (has_words && same_words != example && translate_text(example, Language::zh_cn) == example) unreached += example + "\n";
  }
  EXPECT_EQ(unreached, "");
}

TEST(TextPatterns, EnglishWordsLeftSparesNames) {
  EXPECT_EQ(english_words_left("线程块 (1,0,0) 的线程 threadIdx.x = 3，用时 2.5 ms，add_one 核函数，`int i`"),
            std::vector<std::string>{});
  EXPECT_EQ(english_words_left("NVIDIA H200 上 float4 × 12 KiB"), std::vector<std::string>{});
  EXPECT_EQ(english_words_left("线程 3 wrote here"), (std::vector<std::string>{"wrote", "here"}));
}

// Issue #26: what a compiler or a kernel wrote is not the lessons' English. A 190-character
// #error line went through every pattern at every depth, the same pieces again and again (over
// 100 s); and "line 2: <message>" turned the student's own words into half-Chinese nonsense.
TEST(TextPatterns, CompilerMessagesStayAsTheyCameAndCostPiecesNotAnExplosion) {
  const std::string message =
      "#error thread (1, 2) of block (3, 4): thread (5, 6) of block (7, 8): thread (9, 1) of block (2, 3): thread (4, 5) "
      "of block (6, 7): thread (8, 9) of block (1, 1) in 10 of 11 blocks";
  EXPECT_EQ(translate_text("line 2: " + message, Language::zh_cn), "第 2 行：" + message);
  // The same words outside the compiler's hole are translated as ever, each piece once.
  const std::string translated = translate_text(message.substr(7), Language::zh_cn);
  EXPECT_NE(translated, message.substr(7));
  EXPECT_GT(last_translation_pieces(), 1u);
  EXPECT_LE(last_translation_pieces(), 400u) << "each piece of the text once, not once per pattern that holds it";
  // However the text is built, the work stops at the bound and the text comes back.
  std::string long_line;
  for (int i = 0; i < 60; ++i) long_line += "thread (" + std::to_string(i) + ", 1) of block (2, " + std::to_string(i) + "): ";
  (void)translate_text(long_line, Language::zh_cn);
  EXPECT_LE(last_translation_pieces(), max_translation_pieces + 1);
}

TEST(TextPatterns, AVerbatimHoleIsShownAsItCame) {
  const Translation entries[] = {{"line {}: {}", "第 {0} 行：{1=}"}, {"{} of {}", "{1} 的 {0}"}};
  const PatternTable table(entries);
  ASSERT_TRUE(table.problems().empty());
  int filled = 0;
  auto fill = [&](std::string_view hole) {
    ++filled;
    return std::string(hole) == "no thread" ? std::string("没有线程") : std::string(hole);
  };
  EXPECT_EQ(table.match("line 3: no thread", fill), std::optional<std::string>("第 3 行：no thread"));
  EXPECT_EQ(filled, 1) << "only the line number was translated";
  EXPECT_EQ(table.match("no thread of 3", fill), std::optional<std::string>("3 的 没有线程")) << "other holes are";
}
