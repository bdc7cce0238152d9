// Markdown -> blocks, one construct at a time: what the lesson text pane relies on.
#include <gtest/gtest.h>

#include <sys/mman.h>
#include <unistd.h>

#include <cstring>
#include <string_view>

#include "markdown/markdown.h"

using namespace cudalab::app::markdown;

namespace {

std::vector<Block> of_kind(const std::vector<Block>& blocks, BlockKind kind) {
  std::vector<Block> found;
  for (const Block& block : blocks) {
    if (block.kind == kind) found.push_back(block);
  }
  return found;
}

}  // namespace

TEST(Markdown, HeadingsKeepTheirLevel) {
  const auto blocks = parse("# Chapter\n\n## 1. Step\n\n### Idea\n");
  ASSERT_EQ(blocks.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(blocks[static_cast<std::size_t>(i)].kind, BlockKind::heading);
  EXPECT_EQ(blocks[0].level, 1);
  EXPECT_EQ(blocks[0].plain_text(), "Chapter");
  EXPECT_EQ(blocks[1].level, 2);
  EXPECT_EQ(blocks[1].plain_text(), "1. Step");
  EXPECT_EQ(blocks[2].level, 3);
}

TEST(Markdown, ParagraphsJoinSoftBreaksWithSpaces) {
  const auto blocks = parse("one line\nsame paragraph\n\nsecond paragraph\n");
  ASSERT_EQ(blocks.size(), 2u);
  EXPECT_EQ(blocks[0].kind, BlockKind::paragraph);
  EXPECT_EQ(blocks[0].plain_text(), "one line same paragraph");
  EXPECT_EQ(blocks[1].plain_text(), "second paragraph");
}

TEST(Markdown, HardBreakIsANewlineInTheSpan) {
  const auto blocks = parse("first  \nsecond\n");
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].plain_text(), "first\nsecond");
}

TEST(Markdown, EmphasisStrongAndInlineCodeAreStyledSpans) {
  const auto blocks = parse("plain *italic* **bold** ***both*** `code()`\n");
  ASSERT_EQ(blocks.size(), 1u);
  const auto& spans = blocks[0].spans;
  auto style_of = [&](const std::string& text) {
    for (const Span& span : spans) {
      if (span.text == text) return span.style;
    }
    ADD_FAILURE() << "no span '" << text << "'";
    return 0u;
  };
  EXPECT_EQ(style_of("italic"), static_cast<unsigned>(emphasis));
  EXPECT_EQ(style_of("bold"), static_cast<unsigned>(strong));
  EXPECT_EQ(style_of("both"), static_cast<unsigned>(strong | emphasis));
  EXPECT_EQ(style_of("code()"), static_cast<unsigned>(code));
  EXPECT_EQ(spans.front().text, "plain ");
  EXPECT_EQ(spans.front().style, static_cast<unsigned>(plain));
}

TEST(Markdown, LinksShowTheirTextAndKeepTheAddress) {
  const auto blocks = parse("See [the guide](https://docs.nvidia.com/cuda/) now.\n");
  ASSERT_EQ(blocks.size(), 1u);
  const auto& spans = blocks[0].spans;
  ASSERT_EQ(spans.size(), 3u);
  EXPECT_EQ(spans[1].text, "the guide");
  EXPECT_EQ(spans[1].style, static_cast<unsigned>(SpanStyle::link));
  EXPECT_EQ(spans[1].href, "https://docs.nvidia.com/cuda/");
  EXPECT_EQ(blocks[0].plain_text(), "See the guide now.");
}

TEST(Markdown, FencedCodeKeepsTextAndLanguage) {
  const auto blocks = parse("```cuda\n__global__ void k() {\n  int i = threadIdx.x;\n}\n```\n");
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].kind, BlockKind::code_block);
  EXPECT_EQ(blocks[0].language, "cuda");
  EXPECT_EQ(blocks[0].code, "__global__ void k() {\n  int i = threadIdx.x;\n}");
}

TEST(Markdown, BulletListItemsCarryTheirText) {
  const auto blocks = parse("- first **item**\n- second\n");
  const auto items = of_kind(blocks, BlockKind::list_item);
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].bullet, "•");
  EXPECT_EQ(items[0].plain_text(), "first item");
  EXPECT_EQ(items[0].indent, 1);
  EXPECT_EQ(items[1].plain_text(), "second");
  EXPECT_EQ(blocks.size(), 2u);  // no empty paragraphs around a tight list
}

TEST(Markdown, OrderedListsNumberFromTheirStart) {
  const auto items = of_kind(parse("3. three\n4. four\n"), BlockKind::list_item);
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].bullet, "3.");
  EXPECT_EQ(items[1].bullet, "4.");
}

TEST(Markdown, NestedAndLooseListsIndent) {
  const auto blocks = parse("- outer\n\n  more of outer\n\n  - inner\n- next\n");
  const auto items = of_kind(blocks, BlockKind::list_item);
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[0].plain_text(), "outer");
  EXPECT_EQ(items[1].plain_text(), "inner");
  EXPECT_EQ(items[1].indent, 2);
  const auto paragraphs = of_kind(blocks, BlockKind::paragraph);
  ASSERT_EQ(paragraphs.size(), 1u);
  EXPECT_EQ(paragraphs[0].plain_text(), "more of outer");
  EXPECT_EQ(paragraphs[0].indent, 1);  // lines up with its item's text
}

TEST(Markdown, EntitiesBecomeCharacters) {
  const auto blocks = parse("4 &times; 8 &rarr; 32 &#181;s &amp; more\n");
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].plain_text(), "4 × 8 → 32 µs & more");
}

TEST(Markdown, EntitiesOutsideUnicodeBecomeTheReplacementCharacter) {
  // These used to come out as bytes that are not UTF-8 at all (ImGui draws them as "?").
  const auto blocks = parse("a&#1114112;b&#xD800;c&#0;d&#x10FFFF;\n");
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].plain_text(),
            "a\xEF\xBF\xBD"
            "b\xEF\xBF\xBD"
            "c\xEF\xBF\xBD"
            "d\xF4\x8F\xBF\xBF");
}

TEST(Markdown, QuotesAndRules) {
  const auto blocks = parse("> careful\n\n---\n\nafter\n");
  ASSERT_EQ(blocks.size(), 3u);
  EXPECT_EQ(blocks[0].kind, BlockKind::quote);
  EXPECT_EQ(blocks[0].plain_text(), "careful");
  EXPECT_EQ(blocks[1].kind, BlockKind::rule);
  EXPECT_EQ(blocks[2].kind, BlockKind::paragraph);
}

TEST(Markdown, RawHtmlIsShownAsText) {
  const auto blocks = parse("a <b>tag</b>\n");
  ASSERT_EQ(blocks.size(), 1u);
  EXPECT_EQ(blocks[0].plain_text(), "a <b>tag</b>");
}

TEST(Markdown, NeverReadsPastTheEndOfTheText) {
  // md4c 0.4.8 reads a byte past a link destination that ends the input (found by fuzzing:
  // libFuzzer saw a garbage byte there turn into a text span of 3 GB). Each text sits right
  // before an unreadable page here, so such a read faults instead of passing unseen.
  const long page = ::sysconf(_SC_PAGESIZE);
  void* mapping = ::mmap(nullptr, 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(mapping, MAP_FAILED);
  char* const guard = static_cast<char*>(mapping) + page;
  ASSERT_EQ(::mprotect(guard, page, PROT_NONE), 0);
  for (const std::string_view text : {"[](", "[a](b", "# T\n\nsee [x]("}) {
    char* const at = guard - text.size();
    std::memcpy(at, text.data(), text.size());
    const auto blocks = parse(std::string_view(at, text.size()));
    ASSERT_FALSE(blocks.empty());
    EXPECT_EQ(blocks.back().plain_text(), std::string(text.substr(text.rfind('\n') + 1))) << text;
  }
  ::munmap(mapping, 2 * page);
}
