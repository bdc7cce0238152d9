#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <utility>

#include "widgets/code_editor_parts.h"
#include "widgets/code_paint.h"

namespace cudalab::app::widgets {

namespace {

ImU32 with_alpha(ImU32 colour, int alpha) {
  return (colour & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha) << IM_COL32_A_SHIFT);
}

ImU32 severity_colour(DiagnosticSeverity severity, const Colours& colours) {
  return severity == DiagnosticSeverity::error ? colours.error : colours.warning;
}

bool on_text(const CodeText& text, const CodeDiagnostic& diagnostic) {
  return diagnostic.line >= 1 && diagnostic.line <= text.line_count();
}

// The errors first: the gutter mark and the strip show the worst of a line.
const CodeDiagnostic* worst_on_line(std::span<const CodeDiagnostic> diagnostics, int line_number) {
  const CodeDiagnostic* worst = nullptr;
  for (const CodeDiagnostic& diagnostic : diagnostics) {
    if (diagnostic.line != line_number) continue;
    if (worst == nullptr ||
        (diagnostic.severity == DiagnosticSeverity::error && worst->severity != DiagnosticSeverity::error)) {
      worst = &diagnostic;
    }
  }
  return worst;
}

std::string diagnostic_words(const CodeDiagnostic& diagnostic) {
  std::string words = "line " + std::to_string(diagnostic.line);
  if (diagnostic.column > 0) words += ":" + std::to_string(diagnostic.column);
  words += diagnostic.severity == DiagnosticSeverity::error ? " error: " : " warning: ";
  return words + diagnostic.message;
}

// The bytes a diagnostic underlines: the word at its column, or the line's code for column 0.
std::pair<int, int> marked_range(const CodeText& text, const CodeDiagnostic& diagnostic) {
  const std::string& line = text.line(diagnostic.line - 1);
  const auto size = static_cast<int>(line.size());
  if (diagnostic.column <= 0) {
    const std::size_t first = line.find_first_not_of(" \t");
    return {first == std::string::npos ? 0 : static_cast<int>(first), size};
  }
  const int begin = text.clamp({diagnostic.line - 1, diagnostic.column - 1}).column;
  auto is_word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; };
  int end = begin < size ? next_char_column(line, begin) : begin;
  if (begin < size && is_word(line[static_cast<std::size_t>(begin)])) {
    while (end < size && is_word(line[static_cast<std::size_t>(end)])) ++end;
  }
  return {begin, end};
}

// Errors get a wavy line, warnings a straight one: told apart without relying on colour.
void underline(ImDrawList* draw, float x0, float x1, float y, float font_size, ImU32 colour, bool wavy) {
  const float thickness = std::max(1.f, font_size / 14.f);
  if (!wavy) {
    draw->AddLine(ImVec2(x0, y), ImVec2(x1, y), colour, thickness);
    return;
  }
  const float step = font_size * 0.18f, height = font_size * 0.09f;
  std::vector<ImVec2> points;
  for (int i = 0; x0 + step * static_cast<float>(i) <= x1 + step * 0.5f; ++i) {
    points.emplace_back(x0 + step * static_cast<float>(i), y + (i % 2 == 0 ? -height : height));
  }
  draw->AddPolyline(points.data(), static_cast<int>(points.size()), colour, ImDrawFlags_None, thickness);
}

void diagnostics_tooltip(std::span<const CodeDiagnostic> diagnostics, int line_number, const Colours& colours) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.f);
  for (const CodeDiagnostic& diagnostic : diagnostics) {
    if (diagnostic.line != line_number) continue;
    ImGui::PushStyleColor(ImGuiCol_Text, severity_colour(diagnostic.severity, colours));
    ImGui::TextUnformatted(diagnostic.severity == DiagnosticSeverity::error ? "error" : "warning");
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::TextUnformatted(diagnostic.message.c_str());
  }
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace

void draw_editor_body(const CodeText& text, const EditorState& state, const EditorLayout& layout,
                      const CodeEditorOptions& opts, const Colours& colours, bool focused) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float font_size = layout.font->FontSize, lh = layout.line_height, cell = layout.cell;
  const ImVec2 window = layout.window;
  const ImVec2 window_end(window.x + ImGui::GetWindowWidth(), window.y + ImGui::GetWindowHeight());
  const float text_left = window.x + layout.gutter;
  const float text_offset = (lh - font_size) * 0.5f;  // the glyphs sit in the middle of their line
  draw->AddRectFilled(window, window_end, colours.code_background);

  const int first = std::max(0, static_cast<int>(std::floor((window.y - layout.text.y) / lh)));
  const int last = std::min(text.line_count() - 1, first + static_cast<int>(std::ceil(layout.view_height / lh)) + 1);
  const TextPos selection_begin = text.selection_begin(), selection_end = text.selection_end();

  draw->PushClipRect(ImVec2(text_left, window.y), window_end, true);
  for (int line = first; line <= last; ++line) {
    const float y = layout.text.y + lh * static_cast<float>(line);
    const std::string& content = text.line(line);
    const auto line_end = static_cast<int>(content.size());
    if (std::find(opts.highlight_lines.begin(), opts.highlight_lines.end(), line + 1) != opts.highlight_lines.end()) {
      draw->AddRectFilled(ImVec2(text_left, y), ImVec2(window_end.x, y + lh), colours.code_highlight);
    } else if (focused && !text.has_selection() && line == text.cursor().line) {
      draw->AddRectFilled(ImVec2(text_left, y), ImVec2(window_end.x, y + lh), with_alpha(colours.text, 16));
    }
    if (text.has_selection() && line >= selection_begin.line && line <= selection_end.line) {
      const float x0 = line == selection_begin.line ? layout.at(text, selection_begin).x : layout.text.x;
      // A selected line end shows as half a cell: the newline is part of the selection.
      const float x1 = line == selection_end.line ? layout.at(text, selection_end).x
                                                  : layout.at(text, {line, line_end}).x + cell * 0.5f;
      draw->AddRectFilled(ImVec2(x0, y), ImVec2(x1, y + lh), ImGui::GetColorU32(ImGuiCol_TextSelectedBg));
    }
    SyntaxState syntax = state.line_starts[static_cast<std::size_t>(line)];
    draw_code_line(draw, layout.font, ImVec2(layout.text.x, y + text_offset), content, tokenize_line(content, syntax),
                   colours);
    for (const CodeDiagnostic& diagnostic : opts.diagnostics) {
      if (diagnostic.line != line + 1) continue;
      const auto [begin, end] = marked_range(text, diagnostic);
      const float x0 = layout.at(text, {line, begin}).x;
      const float x1 = std::max(layout.at(text, {line, end}).x, x0 + cell);
      underline(draw, x0, x1, y + text_offset + font_size * 1.02f, font_size,
                severity_colour(diagnostic.severity, colours), diagnostic.severity == DiagnosticSeverity::error);
    }
  }
  // The cursor: ImGui's text fields' blink (0.8 s on, 0.4 s off), solid right after a move.
  const double blink = ImGui::GetTime() - state.blink_start;
  if (focused && (!ImGui::GetIO().ConfigInputTextCursorBlink || std::fmod(blink, 1.2) < 0.8)) {
    const ImVec2 at = layout.at(text, text.cursor());
    const float width = std::max(1.f, std::round(font_size / 10.f));
    draw->AddRectFilled(ImVec2(std::round(at.x), at.y + lh * 0.08f),
                        ImVec2(std::round(at.x) + width, at.y + lh * 0.92f), colours.text);
  }
  draw->PopClipRect();

  // The gutter: line numbers, right-aligned, and the diagnostics' marks left of them.
  draw->AddLine(ImVec2(text_left - cell * 0.25f, window.y), ImVec2(text_left - cell * 0.25f, window_end.y),
                colours.grid_line);
  char number[16];
  for (int line = first; line <= last; ++line) {
    const float y = layout.text.y + lh * static_cast<float>(line);
    const int length = std::snprintf(number, sizeof number, "%d", line + 1);
    const float x = text_left - cell * (1.f + static_cast<float>(length));
    draw->AddText(layout.font, font_size, ImVec2(x, y + text_offset),
                  line == text.cursor().line ? colours.text : colours.dim_text, number, number + length);
    if (const CodeDiagnostic* worst = worst_on_line(opts.diagnostics, line + 1); worst != nullptr) {
      const float radius = std::min(cell * 0.45f, lh * 0.28f);
      draw->AddCircleFilled(ImVec2(window.x + cell * 0.8f, y + lh * 0.5f), radius,
                            severity_colour(worst->severity, colours));
    }
  }

  // The outline says where the keys go: the accent colour while the editor has them.
  const float outline = std::max(1.f, std::round(font_size / 14.f));
  draw->AddRect(ImVec2(window.x + outline * 0.5f, window.y + outline * 0.5f),
                ImVec2(window_end.x - outline * 0.5f, window_end.y - outline * 0.5f),
                focused ? colours.accent : colours.grid_line, 0.f, ImDrawFlags_None, outline);

  // A hovered mark or underlined word tells its message.
  if (!opts.diagnostics.empty() && ImGui::IsWindowHovered()) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int line = static_cast<int>(std::floor((mouse.y - layout.text.y) / lh));
    if (line >= 0 && line < text.line_count() && worst_on_line(opts.diagnostics, line + 1) != nullptr) {
      bool over = mouse.x < text_left;
      for (const CodeDiagnostic& diagnostic : opts.diagnostics) {
        if (diagnostic.line != line + 1 || !on_text(text, diagnostic)) continue;
        const auto [begin, end] = marked_range(text, diagnostic);
        const float x0 = layout.at(text, {line, begin}).x;
        over = over || (mouse.x >= x0 && mouse.x <= std::max(layout.at(text, {line, end}).x, x0 + cell));
      }
      if (over) diagnostics_tooltip(opts.diagnostics, line + 1, colours);
    }
  }
}

void draw_message_strip(const CodeText& text, const CodeEditorOptions& opts, const Colours& colours, float width) {
  std::string words;
  ImU32 colour = colours.dim_text;
  if (const CodeDiagnostic* here = worst_on_line(opts.diagnostics, text.cursor().line + 1); here != nullptr) {
    words = diagnostic_words(*here);
    colour = severity_colour(here->severity, colours);
    const auto others = std::count_if(opts.diagnostics.begin(), opts.diagnostics.end(),
                                      [&](const CodeDiagnostic& d) { return d.line == here->line; }) -
                        1;
    if (others > 0) words += "  (+" + std::to_string(others) + " more on this line)";
  } else {
    const auto errors = std::count_if(opts.diagnostics.begin(), opts.diagnostics.end(),
                                      [](const CodeDiagnostic& d) { return d.severity == DiagnosticSeverity::error; });
    const auto warnings = static_cast<long>(opts.diagnostics.size()) - errors;
    const CodeDiagnostic& first =
        *std::min_element(opts.diagnostics.begin(), opts.diagnostics.end(),
                          [](const CodeDiagnostic& a, const CodeDiagnostic& b) { return a.line < b.line; });
    if (errors > 0) words = std::to_string(errors) + (errors == 1 ? " error" : " errors");
    if (warnings > 0)
      words += (words.empty() ? "" : ", ") + std::to_string(warnings) + (warnings == 1 ? " warning" : " warnings");
    words += ", the first at line " + std::to_string(first.line) + ": put the cursor on a marked line to read it here.";
  }
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float height = ImGui::GetFrameHeight();
  const ImVec4 clip(at.x, at.y, at.x + width, at.y + height);
  ImGui::GetWindowDrawList()->AddText(
      ImGui::GetFont(), ImGui::GetFontSize(),
      ImVec2(at.x + ImGui::GetStyle().FramePadding.x, at.y + (height - ImGui::GetFontSize()) * 0.5f), colour,
      words.c_str(), nullptr, 0.f, &clip);
  ImGui::Dummy(ImVec2(width, height));
  // Cut off at the pane's edge: the whole message on hover.
  if (ImGui::IsItemHovered() && ImGui::CalcTextSize(words.c_str()).x > width) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.f);
    ImGui::TextUnformatted(words.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

}  // namespace cudalab::app::widgets
