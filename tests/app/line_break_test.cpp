// CJK line breaking (app/widgets/line_break): a line may break between Chinese characters and
// between Chinese and Latin text, never before closing or after opening punctuation.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "widgets/line_break.h"

using namespace cudalab::app::widgets;

namespace {
// The text with "|" at every break opportunity, to compare whole lines at a glance.
std::string marked(std::string_view text) {
  const std::vector<bool> may_break = break_opportunities(text);
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (may_break[i]) out += '|';
    out += text[i];
  }
  return out;
}
}  // namespace

TEST(LineBreak, LatinBreaksOnlyAtSpacesWhichTheCallerHandles) {
  EXPECT_EQ(marked("threads per block"), "threads per block");
  EXPECT_EQ(marked("a-b,c(d)"), "a-b,c(d)");
}

TEST(LineBreak, BetweenAnyTwoChineseCharacters) { EXPECT_EQ(marked("核函数"), "核|函|数"); }

TEST(LineBreak, NoLineStartsWithClosingPunctuation) {
  EXPECT_EQ(marked("线程，线程块。"), "线|程，|线|程|块。");
  for (std::string_view closing : {"，", "。", "、", "；", "：", "！", "？", "）", "】", "》", "」", "』", "”", "’"}) {
    const std::string text = std::string("字") + std::string(closing) + "字";
    const std::vector<bool> may_break = break_opportunities(text);
    EXPECT_FALSE(may_break[3]) << "a line would start with " << closing;
  }
}

TEST(LineBreak, NoLineEndsWithOpeningPunctuation) {
  EXPECT_EQ(marked("网格（grid）"), "网|格|（grid）");
  for (std::string_view opening : {"（", "【", "《", "「", "『", "“", "‘"}) {
    const std::string text = std::string("字") + std::string(opening) + "字";
    const std::vector<bool> may_break = break_opportunities(text);
    EXPECT_FALSE(may_break[3 + opening.size()]) << "a line would end with " << opening;
  }
}

TEST(LineBreak, MixedChineseLatinAndCodeRuns) {
  // Chinese next to Latin text breaks; the Latin word itself does not.
  EXPECT_EQ(marked("调用cudaMemcpy之后"), "调|用|cudaMemcpy|之|后");
  // ASCII closing punctuation after Latin text stays with it, as in English.
  EXPECT_EQ(marked("用threadIdx.x，"), "用|threadIdx.x，");
  // Spaces are the caller's breaks: no extra opportunity next to them.
  EXPECT_EQ(marked("132 个 SM"), "132 个 SM");
}

TEST(LineBreak, EllipsisAndDashPairsStayTogether) {
  EXPECT_EQ(marked("等等……然后"), "等|等……|然|后");
  EXPECT_EQ(marked("一——二"), "一|——|二");
}

TEST(LineBreak, DecodesUtf8AndSurvivesBadBytes) {
  std::size_t length = 0;
  EXPECT_EQ(decode_utf8("核", 0, &length), U'核');
  EXPECT_EQ(length, 3u);
  EXPECT_EQ(decode_utf8("\xE6\x20", 0, &length), U'\xFFFD');
  EXPECT_EQ(length, 1u);
  EXPECT_EQ(break_opportunities("\xFF\xFE核").size(), 6u);
}
