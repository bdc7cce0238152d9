#pragma once
// Draws a CellGridView with instanced geometry: one instance per cell (position, colour) and one
// per frame (outline), so 65 536 cells are a couple of draw calls. Uploads only when the view
// changes; drawing needs just the camera. Instances are stored tile by tile (16 × 16 cells), and
// only tiles on screen are drawn: zoomed in, a software GL (llvmpipe) shades a few hundred
// instances instead of 65 536.
#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include <glad/gl.h>

#include "render/canvas_camera.h"
#include "render/gl_program.h"
#include "render/palette.h"
#include "views.h"

namespace cudalab::app::render {

struct GridStyle {
  PackedColour background = pack(24, 26, 31);
  float line_pixels = 2.f;                   // outline thickness
  float min_frame_pixels = 10.f;             // smaller frames are clutter: not drawn
};

class CellGridRenderer {
 public:
  CellGridRenderer() = default;
  ~CellGridRenderer();
  CellGridRenderer(const CellGridRenderer&) = delete;
  CellGridRenderer& operator=(const CellGridRenderer&) = delete;

  // Compiles the shaders (from `shader_dir`, else the embedded copies). Returns "" or the error.
  std::string init(const std::filesystem::path& shader_dir);
  bool ready() const { return cells_program_.id() != 0 && frames_program_.id() != 0; }

  // Rebuilds the instance buffers from `view` (colours from the palette; frames in `frame_colour`).
  void upload(const lessons::CellGridView& view, PackedColour frame_colour);
  // Draws into the bound framebuffer of width × height pixels (clears it to style.background).
  void draw(const CanvasCamera& camera, int width, int height, const GridStyle& style) const;

  std::size_t cell_count() const { return cell_count_; }
  // Instances the last draw() sent to GL (tests: culling works).
  std::size_t last_drawn_cells() const { return last_drawn_cells_; }
  std::size_t frame_count() const { return frame_count_; }

 private:
  void release();
  GlProgram cells_program_, frames_program_;
  GLuint quad_buffer_ = 0, cell_buffer_ = 0, frame_buffer_ = 0;
  GLuint cell_arrays_ = 0, frame_arrays_ = 0;
  std::size_t cell_count_ = 0, frame_count_ = 0;
  struct Tile {
    int col = 0, row = 0;  // in tiles
    std::size_t first = 0, count = 0;  // range of instances in cell_buffer_
  };
  std::vector<Tile> tiles_;  // in buffer order
  mutable std::size_t last_drawn_cells_ = 0;
};

}  // namespace cudalab::app::render
