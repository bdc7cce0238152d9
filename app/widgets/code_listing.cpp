#include "widgets/code_listing.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cfloat>

namespace cudalab::app::widgets {

namespace {

bool is_keyword(std::string_view word) {
  static constexpr std::array<std::string_view, 34> keywords = {
      "__global__", "__device__", "__shared__", "__host__", "__syncthreads", "__constant__", "threadIdx",
      "blockIdx",   "blockDim",   "gridDim",    "warpSize", "atomicAdd",     "extern",       "const",
      "int",        "unsigned",   "float",      "double",   "void",          "bool",         "char",
      "if",         "else",       "for",        "while",    "return",        "struct",       "template",
      "typename",   "auto",       "size_t",     "static",   "constexpr",     "printf"};
  return std::find(keywords.begin(), keywords.end(), word) != keywords.end();
}

// Draws one line word by word: comments dim, keywords coloured, the rest plain.
void draw_code_text(ImDrawList* draw, ImFont* font, ImVec2 at, std::string_view line, const Style& style) {
  const float advance = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.f, " ").x;  // monospace
  std::size_t i = 0;
  while (i < line.size()) {
    if (line.substr(i, 2) == "//") {
      draw->AddText(font, font->FontSize, ImVec2(at.x + advance * i, at.y), style.colours.code_comment, line.data() + i,
                    line.data() + line.size());
      return;
    }
    std::size_t end = i + 1;
    const bool word = std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '_';
    if (word) {
      while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_')) ++end;
    } else {
      while (end < line.size() && !(std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_') &&
             line.substr(end, 2) != "//") {
        ++end;
      }
    }
    const std::string_view piece = line.substr(i, end - i);
    const ImU32 colour = word && is_keyword(piece) ? style.colours.code_keyword : style.colours.text;
    draw->AddText(font, font->FontSize, ImVec2(at.x + advance * i, at.y), colour, piece.data(),
                  piece.data() + piece.size());
    i = end;
  }
}

}  // namespace

void draw_code_listing(const std::vector<CodeLine>& lines, const std::vector<int>& highlight, const Style& style,
                       int scroll_to_line) {
  ImFont* font = style.fonts.mono;
  const float line_height = font->FontSize * 1.3f;
  const float advance = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.f, " ").x;
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
  for (std::size_t index = 0; index < lines.size(); ++index) {
    const float y = origin.y + line_height * static_cast<float>(index);
    if (y + line_height < clip_top || y > clip_bottom) continue;
    const CodeLine& line = lines[index];
    if (std::find(highlight.begin(), highlight.end(), line.number) != highlight.end()) {
      draw->AddRectFilled(ImVec2(origin.x, y), ImVec2(origin.x + width, y + line_height), style.colours.code_highlight);
    }
    const std::string number = std::to_string(line.number);
    const float text_y = y + (line_height - font->FontSize) * 0.5f;
    draw->AddText(font, font->FontSize, ImVec2(origin.x + advance * static_cast<float>(digits - number.size()), text_y),
                  style.colours.dim_text, number.c_str());
    draw_code_text(draw, font, ImVec2(origin.x + gutter, text_y), line.text, style);
  }
  ImGui::Dummy(ImVec2(width, line_height * static_cast<float>(lines.size()) + line_height * 0.5f));
}

}  // namespace cudalab::app::widgets
