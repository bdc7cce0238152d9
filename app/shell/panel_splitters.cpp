// Splitters: a thin window on each border between panes. Dragging one moves that border (the
// fraction is kept in settings.json: the layout the teacher set up for the room comes back);
// double-clicking one puts that border back where it was at first.
#include <string>

#include "i18n/language.h"
#include "shell/panes.h"

namespace cudalab::app {

bool Panes::draw_splitters(ImU32 highlight) {
  const ImGuiIO& io = ImGui::GetIO();
  bool moved = false;
  constexpr ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                                     ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                     ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;
  for (int index = 0; index < static_cast<int>(layout.splitters.size()); ++index) {
    const Splitter& splitter = layout.splitters[static_cast<std::size_t>(index)];
    const std::string id = "##splitter" + std::to_string(index);
    ImGui::SetNextWindowPos(splitter.bar.position);
    ImGui::SetNextWindowSize(splitter.bar.size);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0.f, 0.f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1.f, 1.f));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.f);
    const bool open = ImGui::Begin(id.c_str(), nullptr, flags);
    ImGui::PopStyleVar(3);
    if (open) {
      ImGui::SetCursorScreenPos(splitter.bar.position);
      ImGui::InvisibleButton("##bar", splitter.bar.size);
      const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();
      if (hovered || active) {
        ImGui::SetMouseCursor(splitter.vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
        // A visible line while it is under the mouse: the teacher sees what will move.
        ImGui::GetWindowDrawList()->AddRectFilled(splitter.bar.position,
                                                  ImVec2(splitter.bar.right(), splitter.bar.bottom()), highlight);
      }
      if (hovered && !active) ImGui::SetTooltip("%s", i18n::tr("Drag to resize · double-click: back to the default"));
      if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
        const PaneSizes defaults;
        switch (splitter.moves) {
          case Splitter::Moves::chapters_width: sizes.chapters_width = defaults.chapters_width; break;
          case Splitter::Moves::text_width: sizes.text_width = defaults.text_width; break;
          case Splitter::Moves::text_height: sizes.text_height = defaults.text_height; break;
          case Splitter::Moves::canvas_height: sizes.canvas_height = defaults.canvas_height; break;
        }
        moved = true;
      } else if (active && (io.MouseDelta.x != 0.f || io.MouseDelta.y != 0.f)) {
        const PaneSizes before = sizes;
        apply_splitter(splitter.moves, splitter_fraction(splitter, io.MousePos), &sizes);
        if (!(before == sizes)) moved = true;
      }
    }
    ImGui::End();
  }
  return moved;
}

}  // namespace cudalab::app
