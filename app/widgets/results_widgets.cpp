#include "widgets/results_widgets.h"

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cstddef>
#include <string>

namespace cudalab::app::widgets {

namespace {

// "1 024", "3.5 ms", "-2", "87 %" read as numbers: right-aligned so digits line up.
bool looks_numeric(const std::string& text) {
  if (text.empty()) return false;
  const unsigned char first = static_cast<unsigned char>(text[0]);
  return std::isdigit(first) || ((first == '-' || first == '+' || first == '.') && text.size() > 1 &&
                                 std::isdigit(static_cast<unsigned char>(text[1])));
}

void section_title(const std::string& title, const Style& style) {
  if (title.empty()) return;
  ImGui::PushFont(style.fonts.bold);
  ImGui::TextUnformatted(title.c_str());
  ImGui::PopFont();
}

// The large font carries no CJK glyphs (merged at twice the body size they would double the atlas):
// a value it cannot draw whole is drawn with the regular font, which has them, at the large size.
bool draws_whole(const ImFont* font, const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto lead = static_cast<unsigned char>(text[i]);
    const int length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    unsigned int c = length == 1 ? lead : lead & (0x3Fu >> (length - 1));
    for (int k = 1; k < length && i + static_cast<std::size_t>(k) < text.size(); ++k)
      c = (c << 6) | (static_cast<unsigned char>(text[i + static_cast<std::size_t>(k)]) & 0x3Fu);
    i += static_cast<std::size_t>(length);
    if (c >= 0x80 && c <= 0xFFFF && font->FindGlyphNoFallback(static_cast<ImWchar>(c)) == nullptr) return false;
  }
  return true;
}

}  // namespace

void draw_table(const lessons::TableView& view, const Style& style) {
  section_title(view.title, style);
  const int columns = static_cast<int>(view.columns.size());
  if (columns == 0) return;
  // Columns as wide as their content; a table wider than the pane scrolls sideways instead of
  // cutting every cell short. Tall tables scroll after 16 rows.
  const ImGuiStyle& look = ImGui::GetStyle();
  const float row_height = ImGui::GetTextLineHeight() + 2 * look.CellPadding.y;
  const int shown_rows = std::min(static_cast<int>(view.rows.size()), 16) + 1;
  const float height = row_height * static_cast<float>(shown_rows) + look.ScrollbarSize + 2 * look.CellPadding.y;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY;
  if (!ImGui::BeginTable(view.title.empty() ? "##table" : view.title.c_str(), columns, flags, ImVec2(0.f, height))) return;
  ImGui::TableSetupScrollFreeze(1, 1);  // the header row and the first column stay in view
  for (const std::string& column : view.columns) ImGui::TableSetupColumn(column.c_str());
  ImGui::PushFont(style.fonts.bold);
  ImGui::TableHeadersRow();
  ImGui::PopFont();
  for (const auto& row : view.rows) {
    ImGui::TableNextRow();
    for (int column = 0; column < columns; ++column) {
      ImGui::TableSetColumnIndex(column);
      if (column >= static_cast<int>(row.size())) continue;
      const std::string& cell = row[static_cast<std::size_t>(column)];
      if (column > 0 && looks_numeric(cell)) {
        const float free = ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(cell.c_str()).x;
        if (free > 0) ImGui::SetCursorPosX(ImGui::GetCursorPosX() + free);
      }
      ImGui::TextUnformatted(cell.c_str());
    }
  }
  ImGui::EndTable();
}

ImFont* facts_value_font(const Fonts& fonts, bool large, const std::string& value) {
  ImFont* sized = large ? fonts.large : fonts.heading3;
  return draws_whole(sized, value) ? sized : fonts.regular;
}

void draw_facts(const lessons::FactsView& view, const Style& style, bool large) {
  section_title(view.title, style);
  ImFont* name_font = style.fonts.regular;
  ImFont* sized_font = large ? style.fonts.large : style.fonts.heading3;
  const float value_size = sized_font->FontSize;
  auto value_font_of = [&](const std::string& value) { return facts_value_font(style.fonts, large, value); };
  const float em = name_font->FontSize;
  const float pad = em * 0.6f;
  const float available = ImGui::GetContentRegionAvail().x;
  // Cards share one width (the widest fact, within reason) so they line up in columns; a value
  // longer than that wraps inside its card.
  float card_width = em * 8.f;
  for (const auto& [name, value] : view.facts) {
    card_width = std::max(card_width, name_font->CalcTextSizeA(em, FLT_MAX, 0.f, name.c_str()).x + 2 * pad);
    card_width = std::max(card_width, value_font_of(value)->CalcTextSizeA(value_size, FLT_MAX, 0.f, value.c_str()).x + 2 * pad);
  }
  card_width = std::min(card_width, std::max(available * (large ? 1.f : 0.5f) - pad, std::min(available, em * 12.f)));
  const int per_row = std::max(1, static_cast<int>((available + pad) / (card_width + pad)));
  const float wrap = card_width - 2 * pad;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (std::size_t i = 0; i < view.facts.size(); ++i) {
    const auto& [name, value] = view.facts[i];
    const float name_height = name_font->CalcTextSizeA(em, FLT_MAX, wrap, name.c_str()).y;
    ImFont* value_font = value_font_of(value);
    const float value_height = value_font->CalcTextSizeA(value_size, FLT_MAX, wrap, value.c_str()).y;
    const float card_height = pad * 1.4f + name_height + em * 0.25f + value_height;
    if (i % static_cast<std::size_t>(per_row) != 0) ImGui::SameLine(0.f, pad);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    draw->AddRectFilled(at, ImVec2(at.x + card_width, at.y + card_height), style.colours.panel_background, em * 0.3f);
    draw->AddRectFilled(at, ImVec2(at.x + em * 0.25f, at.y + card_height), render::group_colour(static_cast<int>(i)), em * 0.3f,
                        ImDrawFlags_RoundCornersLeft);
    draw->AddText(name_font, em, ImVec2(at.x + pad, at.y + pad * 0.7f), style.colours.dim_text, name.c_str(), nullptr, wrap);
    draw->AddText(value_font, value_size, ImVec2(at.x + pad, at.y + pad * 0.7f + name_height + em * 0.25f),
                  style.colours.text, value.c_str(), nullptr, wrap);
    ImGui::Dummy(ImVec2(card_width, card_height));
    // A name or value that had to wrap is read whole, on one line, on hover.
    if (ImGui::IsItemHovered() && (name_font->CalcTextSizeA(em, FLT_MAX, 0.f, name.c_str()).x > wrap ||
                                   value_font->CalcTextSizeA(value_size, FLT_MAX, 0.f, value.c_str()).x > wrap)) {
      ImGui::SetTooltip("%s: %s", name.c_str(), value.c_str());
    }
  }
}

}  // namespace cudalab::app::widgets
