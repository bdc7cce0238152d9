#pragma once
// The interactive picture of a CellGridView: rendered offscreen by render::CellGridRenderer
// (instanced) and shown with ImGui::Image; wheel zooms around the cursor, drag pans, double-click
// fits, hovering a cell shows its tooltip, and labels/frame names appear once cells are big enough
// to hold them. The offscreen picture is redrawn only when the view, camera, size or theme changes.
#include <cstdint>
#include <filesystem>
#include <string>
#include <unordered_map>

#include "render/canvas_camera.h"
#include "render/cell_grid_renderer.h"
#include "render/render_target.h"
#include "views.h"
#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

class CellGridCanvas {
 public:
  explicit CellGridCanvas(std::filesystem::path shader_dir) : shader_dir_(std::move(shader_dir)) {}

  // Draws `view` into a size.x × size.y area at the cursor. `view_version` changes whenever the
  // view's content does (a new Run); the camera is kept while the grid's shape stays the same.
  void draw(const lessons::CellGridView& view, std::uint64_t view_version, ImVec2 size, const Style& style);
  // Forgets the camera: the next draw fits the grid (new step).
  void reset_camera() {
    fitted_ = false;
    user_moved_camera_ = false;
  }
  const std::string& error() const { return error_; }

 private:
  void upload(const lessons::CellGridView& view, const Style& style);
  void handle_input(ImVec2 origin, ImVec2 size, const lessons::CellGridView& view);
  void draw_overlay(const lessons::CellGridView& view, ImVec2 origin, ImVec2 size, const Style& style) const;
  int cell_index_at(int col, int row) const;

  std::filesystem::path shader_dir_;
  bool initialised_ = false;
  std::string error_;
  render::CellGridRenderer renderer_;
  render::RenderTarget target_;
  render::CanvasCamera camera_;
  bool fitted_ = false;
  bool user_moved_camera_ = false;  // zoomed or panned since the last fit: keep it on resize
  bool picture_dirty_ = true;
  std::uint64_t uploaded_version_ = ~0ull;
  int uploaded_cols_ = -1, uploaded_rows_ = -1;
  render::PackedColour drawn_background_ = 0, uploaded_frame_colour_ = 0;
  std::unordered_map<std::uint64_t, int> cell_lookup_;  // (row << 32 | col) -> index in view.cells
};

// One line of coloured swatches naming the groups (wraps to the width).
void draw_legend(const std::vector<std::string>& legend, const Style& style);

}  // namespace cudalab::app::widgets
