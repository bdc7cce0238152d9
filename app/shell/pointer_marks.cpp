#include "shell/pointer_marks.h"

#include <algorithm>
#include <cmath>

namespace cudalab::app {

namespace {

// Magenta with a dark edge: not a colour the palettes use for cells, readable on dark and light.
constexpr ImU32 mark_colour = IM_COL32(255, 40, 200, 255);
constexpr ImU32 mark_edge = IM_COL32(20, 0, 20, 200);

}  // namespace

void PointerMarks::draw_marks(const PanelRect& canvas, float em) {
  if (!canvas.shown()) return;
  const ImGuiIO& io = ImGui::GetIO();
  const bool marking = pen_ || io.KeyShift || drawing_;
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove |
                           ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoFocusOnAppearing |
                           ImGuiWindowFlags_NoNav;
  if (!marking) flags |= ImGuiWindowFlags_NoInputs;
  ImGui::SetNextWindowPos(canvas.position);
  ImGui::SetNextWindowSize(canvas.size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.f, 0.f));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.f);
  const bool open = ImGui::Begin("##canvas_marks", nullptr, flags);
  ImGui::PopStyleVar(2);
  if (open) {
    auto to_canvas = [&](ImVec2 point) {
      return ImVec2((point.x - canvas.position.x) / canvas.size.x, (point.y - canvas.position.y) / canvas.size.y);
    };
    auto to_screen = [&](ImVec2 fraction) {
      return ImVec2(canvas.position.x + fraction.x * canvas.size.x, canvas.position.y + fraction.y * canvas.size.y);
    };
    if (marking) {
      ImGui::SetCursorScreenPos(canvas.position);
      ImGui::InvisibleButton("##pen", canvas.size);
      if (ImGui::IsItemHovered()) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
      if (ImGui::IsItemActivated()) {
        strokes_.push_back({to_canvas(io.MousePos)});
        drawing_ = true;
      } else if (ImGui::IsItemActive() && drawing_ && !strokes_.empty()) {
        const ImVec2 point = to_canvas(io.MousePos);
        const ImVec2 last = strokes_.back().back();
        const float dx = (point.x - last.x) * canvas.size.x, dy = (point.y - last.y) * canvas.size.y;
        if (dx * dx + dy * dy >= 4.f) strokes_.back().push_back(point);  // every 2 px is smooth enough
      }
      if (!ImGui::IsItemActive()) drawing_ = false;
    }
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const float thickness = std::max(3.f, em * 0.28f);
    for (const std::vector<ImVec2>& stroke : strokes_) {
      std::vector<ImVec2> points;
      points.reserve(stroke.size());
      for (const ImVec2& point : stroke) points.push_back(to_screen(point));
      if (points.size() == 1) {
        draw->AddCircleFilled(points[0], thickness * 0.8f, mark_colour);
        continue;
      }
      draw->AddPolyline(points.data(), static_cast<int>(points.size()), mark_edge, 0, thickness + 3.f);
      draw->AddPolyline(points.data(), static_cast<int>(points.size()), mark_colour, 0, thickness);
    }
  }
  ImGui::End();
}

void PointerMarks::draw_spotlight(bool held, float em) const {
  if (!held && !forced_spotlight_) return;
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (mouse.x < -1e6f || mouse.y < -1e6f) return;  // no mouse over the window
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  // The dimmed room around a clear circle: quads between the circle and a circle past every corner.
  const float radius = std::max(60.f, em * 5.f);
  const float far = std::hypot(viewport->Size.x, viewport->Size.y) * 2.f + radius;
  constexpr int segments = 72;
  const ImU32 dim = IM_COL32(0, 0, 0, 150);
  for (int i = 0; i < segments; ++i) {
    const float a0 = 6.2831853f * static_cast<float>(i) / segments, a1 = 6.2831853f * static_cast<float>(i + 1) / segments;
    const ImVec2 inner0(mouse.x + radius * std::cos(a0), mouse.y + radius * std::sin(a0));
    const ImVec2 inner1(mouse.x + radius * std::cos(a1), mouse.y + radius * std::sin(a1));
    const ImVec2 outer0(mouse.x + far * std::cos(a0), mouse.y + far * std::sin(a0));
    const ImVec2 outer1(mouse.x + far * std::cos(a1), mouse.y + far * std::sin(a1));
    draw->AddQuadFilled(inner0, outer0, outer1, inner1, dim);
  }
  draw->AddCircle(mouse, radius, IM_COL32(255, 220, 40, 255), segments, std::max(4.f, em * 0.3f));
}

}  // namespace cudalab::app
