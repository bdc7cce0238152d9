#include "widgets/code_listing.h"

#include <algorithm>

#include "widgets/code_paint.h"

namespace cudalab::app::widgets {

void draw_code_listing(const std::vector<CodeLine>& lines, const std::vector<int>& highlight, const Style& style,
                       int scroll_to_line) {
  ImFont* font = style.fonts.mono;
  const float line_height = font->FontSize * 1.3f;
  const float advance = code_cell_width(font);
  const int digits = lines.empty() ? 1 : static_cast<int>(std::to_string(lines.back().number).size());
  const float gutter = advance * (digits + 2);
  std::size_t longest = 0;
  for (const CodeLine& line : lines) longest = std::max(longest, line.text.size());

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const float width = std::max(ImGui::GetContentRegionAvail().x, gutter + advance * static_cast<float>(longest + 1));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  // Only the visible lines are drawn: a long kernel file stays cheap.
  const float clip_top = ImGui::GetWindowPos().y, clip_bottom = clip_top + ImGui::GetWindowHeight();
  if (scroll_to_line > 0) {
    // The first visible line at or after the one asked for, two lines down from the top so the
    // comment above a kernel shows too.
    const auto found =
        std::find_if(lines.begin(), lines.end(), [&](const CodeLine& line) { return line.number >= scroll_to_line; });
    if (found != lines.end()) {
      const float index = static_cast<float>(found - lines.begin());
      ImGui::SetScrollFromPosY(origin.y - clip_top + line_height * std::max(0.f, index - 2.f), 0.f);
    }
  }
  SyntaxState syntax;  // carried over every line, shown or not: a /* comment */ may start above the view
  for (std::size_t index = 0; index < lines.size(); ++index) {
    const float y = origin.y + line_height * static_cast<float>(index);
    const CodeLine& line = lines[index];
    const std::vector<SyntaxSpan> spans = tokenize_line(line.text, syntax);
    if (y + line_height < clip_top || y > clip_bottom) continue;
    if (std::find(highlight.begin(), highlight.end(), line.number) != highlight.end()) {
      draw->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + width, y + line_height), style.colours.code_highlight);
    }
    const std::string number = std::to_string(line.number);
    const float text_y = y + (line_height - font->FontSize) * 0.5f;
    draw->AddText(font, font->FontSize, ImVec2(origin.x + advance * static_cast<float>(digits - number.size()), text_y),
                  style.colours.dim_text, number.c_str());
    draw_code_line(draw, font, ImVec2(origin.x + gutter, text_y), line.text, spans, style.colours);
  }
  ImGui::Dummy(ImVec2(width, line_height * static_cast<float>(lines.size()) + line_height * 0.5f));
}

}  // namespace cudalab::app::widgets
