#include "shell/panes.h"

#include <vector>

namespace cudalab::app {

void Panes::lay_out(LayoutMode mode, float em, bool bottom_in_present) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  LayoutInput input;
  input.origin = viewport->WorkPos;
  input.size = viewport->WorkSize;
  input.em = em;
  input.panes = sizes;
  input.mode = mode;
  input.bottom_in_present = bottom_in_present;
  layout = compute_shell_layout(input);
}

void Panes::give_bottom_to_canvas() {
  layout.canvas.size.y = layout.bottom.position.y + layout.bottom.size.y - layout.canvas.position.y;
  layout.bottom = PanelRect{};
  std::erase_if(layout.splitters, [](const Splitter& s) { return s.moves == Splitter::Moves::canvas_height; });
}

}  // namespace cudalab::app
