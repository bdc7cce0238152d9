#include "widgets/banner.h"

namespace cudalab::app::widgets {

bool draw_banner(const std::string& text, ImU32 fill) {
  const float em = ImGui::GetFontSize();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float wrap = ImGui::GetContentRegionAvail().x;
  const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap - em);
  ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + wrap, at.y + size.y + em * 0.6f), fill, em * 0.2f);
  ImGui::SetCursorScreenPos(ImVec2(at.x + em * 0.5f, at.y + em * 0.3f));
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(255, 255, 255, 255));
  ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrap - em);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
  const bool hovered = ImGui::IsItemHovered();
  ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + size.y + em * 0.8f));
  return hovered;
}

}  // namespace cudalab::app::widgets
