#include "markdown/markdown.h"

#include <md4c.h>

#include <string>

namespace cudalab::app::markdown {

std::string Block::plain_text() const {
  std::string text;
  for (const Span& span : spans) text += span.text;
  return text;
}

namespace {

std::string attribute_text(const MD_ATTRIBUTE& attribute) {
  return std::string(attribute.text, attribute.size);
}

// Appends a code point as UTF-8 (entities such as &#215; become ×).
void append_utf8(std::string* out, unsigned code_point) {
  if (code_point < 0x80) {
    *out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    *out += static_cast<char>(0xC0 | (code_point >> 6));
    *out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else if (code_point < 0x10000) {
    *out += static_cast<char>(0xE0 | (code_point >> 12));
    *out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else {
    *out += static_cast<char>(0xF0 | (code_point >> 18));
    *out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (code_point & 0x3F));
  }
}

std::string decode_entity(std::string_view entity) {
  struct Named { std::string_view name; unsigned code_point; };
  static constexpr Named named[] = {{"&amp;", '&'},     {"&lt;", '<'},      {"&gt;", '>'},     {"&quot;", '"'},
                                    {"&apos;", '\''},   {"&nbsp;", 0xA0},   {"&times;", 0xD7}, {"&rarr;", 0x2192},
                                    {"&larr;", 0x2190}, {"&micro;", 0xB5},  {"&middot;", 0xB7}, {"&le;", 0x2264},
                                    {"&ge;", 0x2265},   {"&mdash;", 0x2014}, {"&ndash;", 0x2013}};
  std::string out;
  for (const Named& candidate : named) {
    if (candidate.name == entity) {
      append_utf8(&out, candidate.code_point);
      return out;
    }
  }
  if (entity.size() > 3 && entity[1] == '#') {
    const bool hex = entity[2] == 'x' || entity[2] == 'X';
    const std::string digits(entity.substr(hex ? 3 : 2, entity.size() - (hex ? 4 : 3)));
    try {
      const unsigned long code_point = std::stoul(digits, nullptr, hex ? 16 : 10);
      // As CommonMark says: U+0000, a surrogate or anything past U+10FFFF stands for U+FFFD, so
      // the text widget never gets malformed UTF-8 from "&#55296;" or "&#x110000;".
      const bool valid = code_point != 0 && code_point <= 0x10FFFF && !(code_point >= 0xD800 && code_point <= 0xDFFF);
      append_utf8(&out, valid ? static_cast<unsigned>(code_point) : 0xFFFDu);
      return out;
    } catch (...) {
    }
  }
  return std::string(entity);  // unknown: show it as written
}

class BlockBuilder {
 public:
  std::vector<Block> blocks;

  static int enter_block(MD_BLOCKTYPE type, void* detail, void* self) {
    static_cast<BlockBuilder*>(self)->on_enter_block(type, detail);
    return 0;
  }
  static int leave_block(MD_BLOCKTYPE type, void*, void* self) {
    static_cast<BlockBuilder*>(self)->on_leave_block(type);
    return 0;
  }
  static int enter_span(MD_SPANTYPE type, void* detail, void* self) {
    static_cast<BlockBuilder*>(self)->on_enter_span(type, detail, true);
    return 0;
  }
  static int leave_span(MD_SPANTYPE type, void* detail, void* self) {
    static_cast<BlockBuilder*>(self)->on_enter_span(type, detail, false);
    return 0;
  }
  static int text(MD_TEXTTYPE type, const MD_CHAR* text, MD_SIZE size, void* self) {
    static_cast<BlockBuilder*>(self)->on_text(type, std::string_view(text, size));
    return 0;
  }

 private:
  struct List {
    bool ordered = false;
    unsigned next_number = 1;
  };
  std::vector<List> lists_;
  unsigned style_ = plain;
  std::string href_;
  int open_index_ = -1;      // the block receiving text, or -1 (an index: push_back moves blocks)
  bool item_fresh_ = false;  // the open list item has received no paragraph yet
  int quote_depth_ = 0;

  int indent() const { return static_cast<int>(lists_.size()); }

  Block* open() { return open_index_ < 0 ? nullptr : &blocks[static_cast<std::size_t>(open_index_)]; }

  Block* start(BlockKind kind) {
    Block block;
    block.kind = kind;
    block.indent = indent();
    blocks.push_back(std::move(block));
    open_index_ = static_cast<int>(blocks.size()) - 1;
    return &blocks.back();
  }

  void on_enter_block(MD_BLOCKTYPE type, void* detail) {
    switch (type) {
      case MD_BLOCK_UL: lists_.push_back({false, 1}); break;
      case MD_BLOCK_OL: lists_.push_back({true, static_cast<const MD_BLOCK_OL_DETAIL*>(detail)->start}); break;
      case MD_BLOCK_LI: {
        Block* item = start(BlockKind::list_item);
        List& list = lists_.back();
        item->bullet = list.ordered ? std::to_string(list.next_number++) + "." : "•";
        item_fresh_ = true;  // tight lists send text straight into the item; loose ones send a P
        break;
      }
      case MD_BLOCK_H:
        start(BlockKind::heading)->level = static_cast<int>(static_cast<const MD_BLOCK_H_DETAIL*>(detail)->level);
        break;
      case MD_BLOCK_P:
        if (open() != nullptr && open()->kind == BlockKind::list_item && item_fresh_) {
          item_fresh_ = false;  // the item's first paragraph is the item's own text
        } else {
          start(quote_depth_ > 0 ? BlockKind::quote : BlockKind::paragraph);
        }
        break;
      case MD_BLOCK_CODE: {
        const auto* code = static_cast<const MD_BLOCK_CODE_DETAIL*>(detail);
        start(BlockKind::code_block)->language = attribute_text(code->lang);
        break;
      }
      case MD_BLOCK_HR: start(BlockKind::rule); open_index_ = -1; break;
      case MD_BLOCK_QUOTE: ++quote_depth_; break;
      default: break;  // DOC, HTML, tables: their text lands in the surrounding block or a paragraph
    }
  }

  void on_leave_block(MD_BLOCKTYPE type) {
    switch (type) {
      case MD_BLOCK_UL:
      case MD_BLOCK_OL: lists_.pop_back(); open_index_ = -1; break;
      case MD_BLOCK_CODE:
        if (Block* block = open(); block != nullptr && !block->code.empty() && block->code.back() == '\n') {
          block->code.pop_back();
        }
        open_index_ = -1;
        break;
      case MD_BLOCK_QUOTE: --quote_depth_; open_index_ = -1; break;
      case MD_BLOCK_LI:
      case MD_BLOCK_H:
      case MD_BLOCK_P: open_index_ = -1; break;
      default: break;
    }
  }

  void on_enter_span(MD_SPANTYPE type, void* detail, bool entering) {
    unsigned flag = 0;
    switch (type) {
      case MD_SPAN_STRONG: flag = strong; break;
      case MD_SPAN_EM: flag = emphasis; break;
      case MD_SPAN_CODE: flag = code; break;
      case MD_SPAN_A:
        flag = link;
        href_ = entering ? attribute_text(static_cast<const MD_SPAN_A_DETAIL*>(detail)->href) : "";
        break;
      default: return;
    }
    style_ = entering ? (style_ | flag) : (style_ & ~flag);
  }

  void append(std::string_view text) {
    Block* block = open();
    if (block == nullptr) block = start(quote_depth_ > 0 ? BlockKind::quote : BlockKind::paragraph);
    item_fresh_ = false;
    std::vector<Span>& spans = block->spans;
    const std::string href = (style_ & link) ? href_ : "";
    if (!spans.empty() && spans.back().style == style_ && spans.back().href == href) {
      spans.back().text += text;
    } else {
      spans.push_back(Span{std::string(text), style_, href});
    }
  }

  void on_text(MD_TEXTTYPE type, std::string_view text) {
    if (Block* block = open(); block != nullptr && block->kind == BlockKind::code_block) {
      block->code += text;
      return;
    }
    switch (type) {
      case MD_TEXT_SOFTBR: append(" "); break;
      case MD_TEXT_BR: append("\n"); break;
      case MD_TEXT_ENTITY: append(decode_entity(text)); break;
      case MD_TEXT_NULLCHAR: append("\xEF\xBF\xBD"); break;
      default: append(text); break;
    }
  }
};

}  // namespace

std::vector<Block> parse(std::string_view text) {
  // md4c 0.4.8 (Debian 12) reads one byte past the end of its input when the text ends inside a
  // link's destination ("[](" at the very end; found by fuzzing, fixed in later md4c). A byte
  // read from past a string_view may be anything, even an unmapped page, and a garbage byte
  // there made md4c hand over a text span gigabytes long. So md4c always gets a copy whose
  // following bytes are ours and NUL; it is still told the text's true size.
  constexpr std::size_t kPadding = 16;
  std::string padded;
  padded.reserve(text.size() + kPadding);
  padded.append(text).append(kPadding, '\0');
  BlockBuilder builder;
  MD_PARSER parser{};
  parser.abi_version = 0;
  parser.flags = MD_FLAG_NOHTML | MD_FLAG_PERMISSIVEURLAUTOLINKS | MD_FLAG_STRIKETHROUGH;
  parser.enter_block = &BlockBuilder::enter_block;
  parser.leave_block = &BlockBuilder::leave_block;
  parser.enter_span = &BlockBuilder::enter_span;
  parser.leave_span = &BlockBuilder::leave_span;
  parser.text = &BlockBuilder::text;
  md_parse(padded.data(), static_cast<MD_SIZE>(text.size()), &parser, &builder);
  return std::move(builder.blocks);
}

}  // namespace cudalab::app::markdown
