#include "widgets/markdown_view.h"

#include <algorithm>
#include <cfloat>
#include <optional>
#include <string_view>

#include "widgets/line_break.h"

namespace cudalab::app::widgets {

namespace {

using markdown::Block;
using markdown::BlockKind;
using markdown::Span;

float text_width(ImFont* font, std::string_view text) {
  return font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.f, text.data(), text.data() + text.size()).x;
}

// Lays text out left to right, wrapping at `right`; draws as it goes. The paragraph's spans are
// run together first, so that a line breaks only where line_break.h allows it: at spaces, between
// CJK characters, never before "，" or after "（" — even where those meet a bold or `code` span.
class TextFlow {
 public:
  TextFlow(const Style& style, ImFont* base_font, float left, float right, float top)
      : style_(style), base_font_(base_font), left_(left), right_(right), x_(left), y_(top),
        line_height_(base_font->FontSize * 1.35f) {}

  void add_all(const std::vector<Span>& spans) {
    std::string all;
    std::vector<std::size_t> starts;  // where each span begins in `all`
    for (const Span& span : spans) {
      starts.push_back(all.size());
      all += span.text;
    }
    starts.push_back(all.size());
    const std::vector<bool> may_break = break_opportunities(all);
    auto span_at = [&](std::size_t at) {
      return static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end() - 1, at) - starts.begin()) - 1;
    };
    std::size_t at = 0;
    while (at < all.size()) {
      if (all[at] == '\n') {
        new_line();
        ++at;
        continue;
      }
      if (all[at] == ' ') {
        pending_space_ = true;
        pending_space_style_ = spans[span_at(at)].style;
        ++at;
        continue;
      }
      // The cluster: up to the next space, newline or break opportunity.
      std::size_t end = at;
      do {
        std::size_t length = 1;
        decode_utf8(all, end, &length);
        end += length;
      } while (end < all.size() && all[end] != ' ' && all[end] != '\n' && !may_break[end]);
      cluster(spans, starts, span_at(at), at, end);
      at = end;
    }
  }

  // The y below the last line.
  float finish() const { return x_ > left_ || !empty_ ? y_ + line_height_ : y_; }

 private:
  ImFont* font_for(unsigned style) const {
    if (style & markdown::code) return style_.fonts.mono;
    if (base_font_ != style_.fonts.regular) return base_font_;  // headings keep their font
    if (style & markdown::strong) return style_.fonts.bold;
    if (style & markdown::emphasis) return style_.fonts.italic;
    return style_.fonts.regular;
  }

  void new_line() {
    x_ = left_;
    y_ += line_height_;
    pending_space_ = false;
  }

  // Places all[from, to) — which may cross span boundaries — on one line, breaking before it
  // when it does not fit.
  void cluster(const std::vector<Span>& spans, const std::vector<std::size_t>& starts, std::size_t first_span,
               std::size_t from, std::size_t to) {
    struct Piece {
      const Span* span;
      std::string_view text;
      ImFont* font;
      float width;
    };
    Piece pieces[8];
    int count = 0;
    float width = 0.f;
    for (std::size_t index = first_span; from < to && index < spans.size(); ++index) {
      const std::size_t piece_end = std::min(to, starts[index + 1]);
      if (piece_end <= from) continue;
      const std::string_view text = std::string_view(spans[index].text).substr(from - starts[index], piece_end - from);
      ImFont* font = font_for(spans[index].style);
      const float piece_width = text_width(font, text);
      if (count == 8) {  // a cluster across more spans than that is drawn as it comes
        draw_pieces(pieces, count, width);
        count = 0;
        width = 0.f;
      }
      pieces[count++] = Piece{&spans[index], text, font, piece_width};
      width += piece_width;
      from = piece_end;
    }
    if (count == 0) return;
    const float space = pending_space_ && x_ > left_ ? text_width(pieces[0].font, " ") : 0.f;
    if (x_ > left_ && x_ + space + width > right_) new_line();
    draw_pieces(pieces, count, width);
  }

  template <typename PieceT>
  void draw_pieces(const PieceT* pieces, int count, float) {
    for (int i = 0; i < count; ++i) word(pieces[i].font, *pieces[i].span, pieces[i].text, pieces[i].width);
  }

  void word(ImFont* font, const Span& span, std::string_view text, float width) {
    const float space = pending_space_ && x_ > left_ ? text_width(font, " ") : 0.f;
    const bool code_run = (span.style & markdown::code) && (pending_space_style_ & markdown::code);
    const float start = x_ > left_ ? x_ + space : x_;
    // Baseline-align fonts of different heights within the line.
    const float y = y_ + (line_height_ - font->FontSize) * 0.5f;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const ImVec2 top_left(start, y);
    const ImVec2 bottom_right(start + width, y + font->FontSize);
    if (span.style & markdown::code) {
      const float pad = 2.f * style_.fonts.scale;
      const float from = code_run && start > x_ ? x_ : start;  // cover the space inside `a b`
      draw->AddRectFilled(ImVec2(from - pad, y - 1), ImVec2(bottom_right.x + pad, bottom_right.y + 1),
                          style_.colours.code_background, 3.f * style_.fonts.scale);
    }
    const ImU32 colour = (span.style & markdown::link) ? style_.colours.link : colour_;
    draw->AddText(font, font->FontSize, top_left, colour, text.data(), text.data() + text.size());
    if (span.style & markdown::link) {
      draw->AddLine(ImVec2(start, bottom_right.y), bottom_right, colour, std::max(1.f, style_.fonts.scale));
      if (ImGui::IsMouseHoveringRect(top_left, bottom_right) && ImGui::IsWindowHovered()) {
        ImGui::SetTooltip("%s", span.href.c_str());
      }
    }
    x_ = bottom_right.x;
    pending_space_ = false;
    empty_ = false;
  }

 public:
  ImU32 colour_ = 0;  // plain text's colour (the style's text colour unless a caller asks)

 private:
  const Style& style_;
  ImFont* base_font_;
  float left_, right_, x_, y_, line_height_;
  bool pending_space_ = false;
  unsigned pending_space_style_ = 0;
  bool empty_ = true;
};

// Wraps `spans` in the region [left, right] starting at the cursor; advances the cursor.
void flow_spans(const std::vector<Span>& spans, const Style& style, ImFont* font, float indent,
                std::optional<ImU32> colour = std::nullopt) {
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  const float left = cursor.x + indent;
  const float right = cursor.x + ImGui::GetContentRegionAvail().x;
  TextFlow flow(style, font, left, right, cursor.y);
  flow.colour_ = colour.value_or(style.colours.text);
  flow.add_all(spans);
  const float height = flow.finish() - cursor.y;
  ImGui::Dummy(ImVec2(std::max(right - cursor.x, 1.f), std::max(height, 1.f)));
}

void draw_code_block(const Block& block, const Style& style, float indent) {
  ImFont* font = style.fonts.mono;
  const float pad = 8.f * style.fonts.scale;
  const float line_height = font->FontSize * 1.25f;
  const int lines = 1 + static_cast<int>(std::count(block.code.begin(), block.code.end(), '\n'));
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  const float width = ImGui::GetContentRegionAvail().x - indent;
  const float height = lines * line_height + 2 * pad;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 top_left(cursor.x + indent, cursor.y);
  const ImVec2 bottom_right(top_left.x + width, top_left.y + height);
  draw->AddRectFilled(top_left, bottom_right, style.colours.code_background, 4.f * style.fonts.scale);
  draw->PushClipRect(top_left, bottom_right, true);  // long lines end at the box, not across the panel
  std::string_view code = block.code;
  float y = top_left.y + pad;
  while (true) {
    const std::size_t end = std::min(code.find('\n'), code.size());
    const std::string_view line = code.substr(0, end);
    draw->AddText(font, font->FontSize, ImVec2(top_left.x + pad, y), style.colours.text, line.data(),
                  line.data() + line.size());
    y += line_height;
    if (end >= code.size()) break;
    code.remove_prefix(end + 1);
  }
  draw->PopClipRect();
  ImGui::Dummy(ImVec2(width + indent, height));
}

}  // namespace

void draw_wrapped_text(std::string_view text, const Style& style, ImFont* font, ImU32 colour) {
  flow_spans({Span{std::string(text)}}, style, font, 0.f, colour);
}

void draw_markdown(const std::vector<Block>& blocks, const Style& style) {
  const float em = style.fonts.regular->FontSize;
  const float paragraph_gap = em * 0.45f;
  for (const Block& block : blocks) {
    const float indent = static_cast<float>(block.indent) * em * 1.4f;
    switch (block.kind) {
      case BlockKind::heading: {
        ImFont* font = block.level == 1   ? style.fonts.heading1
                       : block.level == 2 ? style.fonts.heading2
                       : block.level == 3 ? style.fonts.heading3
                                          : style.fonts.bold;
        ImGui::Dummy(ImVec2(1.f, em * (block.level <= 2 ? 0.6f : 0.35f)));
        flow_spans(block.spans, style, font, 0.f);
        break;
      }
      case BlockKind::paragraph:
        flow_spans(block.spans, style, style.fonts.regular, indent);
        ImGui::Dummy(ImVec2(1.f, paragraph_gap));
        break;
      case BlockKind::list_item: {
        // The item's text lines up with paragraphs of the same item (indent); the bullet hangs left.
        const ImVec2 cursor = ImGui::GetCursorScreenPos();
        const float line_offset = (em * 1.35f - em) * 0.5f;
        ImGui::GetWindowDrawList()->AddText(style.fonts.bold, em, ImVec2(cursor.x + indent - em * 1.15f, cursor.y + line_offset),
                                            style.colours.accent, block.bullet.c_str());
        flow_spans(block.spans, style, style.fonts.regular, indent);
        ImGui::Dummy(ImVec2(1.f, paragraph_gap * 0.4f));
        break;
      }
      case BlockKind::code_block:
        draw_code_block(block, style, indent);
        ImGui::Dummy(ImVec2(1.f, paragraph_gap));
        break;
      case BlockKind::quote: {
        const ImVec2 top = ImGui::GetCursorScreenPos();
        flow_spans(block.spans, style, style.fonts.italic, indent + em);
        const float bottom = ImGui::GetCursorScreenPos().y;
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(top.x + indent, top.y), ImVec2(top.x + indent + em * 0.25f, bottom),
                                                  style.colours.accent);
        ImGui::Dummy(ImVec2(1.f, paragraph_gap));
        break;
      }
      case BlockKind::rule:
        ImGui::Dummy(ImVec2(1.f, paragraph_gap));
        ImGui::Separator();
        ImGui::Dummy(ImVec2(1.f, paragraph_gap));
        break;
    }
  }
}

}  // namespace cudalab::app::widgets
