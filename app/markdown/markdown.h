#pragma once
// Lesson text as data: md4c parses the Markdown, this turns its callbacks into a flat list of
// blocks with styled spans, which the text widget lays out. No ImGui here, so it is testable.
#include <string>
#include <string_view>
#include <vector>

namespace cudalab::app::markdown {

enum SpanStyle : unsigned {
  plain = 0,
  strong = 1u << 0,
  emphasis = 1u << 1,
  code = 1u << 2,   // `inline code`
  link = 1u << 3,   // [text](href): shown as text, href kept for a tooltip
};

struct Span {
  std::string text;
  unsigned style = plain;
  std::string href;  // links only
  bool operator==(const Span&) const = default;
};

enum class BlockKind { heading, paragraph, list_item, code_block, quote, rule };

struct Block {
  BlockKind kind = BlockKind::paragraph;
  int level = 0;        // heading: 1..6
  int indent = 0;       // list nesting depth of anything inside a list (0 = not in a list)
  std::string bullet;   // list_item: "•" or "3."
  std::string language; // code_block: the fence's info word ("cuda")
  std::string code;     // code_block: the verbatim text, '\n' between lines, no trailing '\n'
  std::vector<Span> spans;  // heading, paragraph, list_item, quote; "\n" inside a span = hard break

  // The spans' text run together (headings' titles, tests).
  std::string plain_text() const;
};

// Never fails: md4c accepts any input; odd Markdown gives odd but harmless blocks.
std::vector<Block> parse(std::string_view text);

}  // namespace cudalab::app::markdown
