#include "widgets/results_widgets.h"

#include <algorithm>
#include <cctype>
#include <cfloat>
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

}  // namespace

void draw_table(const lessons::TableView& view, const Style& style) {
  section_title(view.title, style);
  const int columns = static_cast<int>(view.columns.size());
  if (columns == 0) return;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp;
  if (!ImGui::BeginTable(view.title.empty() ? "##table" : view.title.c_str(), columns, flags)) return;
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

void draw_facts(const lessons::FactsView& view, const Style& style, bool large) {
  section_title(view.title, style);
  ImFont* value_font = large ? style.fonts.large : style.fonts.heading2;
  const float em = style.fonts.regular->FontSize;
  const float pad = em * 0.6f;
  float card_width = em * 8.f;
  for (const auto& [name, value] : view.facts) {
    card_width = std::max(card_width, ImGui::CalcTextSize(name.c_str()).x + 2 * pad);
    card_width = std::max(card_width, value_font->CalcTextSizeA(value_font->FontSize, FLT_MAX, 0.f, value.c_str()).x + 2 * pad);
  }
  const float available = ImGui::GetContentRegionAvail().x;
  card_width = std::min(card_width, available);
  const int per_row = std::max(1, static_cast<int>((available + pad) / (card_width + pad)));
  const float card_height = em * 1.4f + value_font->FontSize * 1.15f + pad * 1.5f;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (std::size_t i = 0; i < view.facts.size(); ++i) {
    if (i % static_cast<std::size_t>(per_row) != 0) ImGui::SameLine(0.f, pad);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    draw->AddRectFilled(at, ImVec2(at.x + card_width, at.y + card_height), style.colours.panel_background, em * 0.3f);
    draw->AddRectFilled(at, ImVec2(at.x + em * 0.25f, at.y + card_height), render::group_colour(static_cast<int>(i)), em * 0.3f,
                        ImDrawFlags_RoundCornersLeft);
    draw->PushClipRect(at, ImVec2(at.x + card_width - pad * 0.5f, at.y + card_height), true);
    draw->AddText(ImVec2(at.x + pad, at.y + pad * 0.6f), style.colours.dim_text, view.facts[i].first.c_str());
    draw->AddText(value_font, value_font->FontSize, ImVec2(at.x + pad, at.y + pad * 0.6f + em * 1.4f), style.colours.text,
                  view.facts[i].second.c_str());
    draw->PopClipRect();
    ImGui::Dummy(ImVec2(card_width, card_height));
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("%s: %s", view.facts[i].first.c_str(), view.facts[i].second.c_str());
    }
  }
}

}  // namespace cudalab::app::widgets
