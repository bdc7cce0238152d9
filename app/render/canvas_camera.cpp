#include "render/canvas_camera.h"

#include <algorithm>
#include <cmath>

namespace cudalab::app::render {

void CanvasCamera::fit(int cols, int rows, float width, float height, float margin) {
  const float usable_width = std::max(width - 2 * margin, 1.f);
  const float usable_height = std::max(height - 2 * margin, 1.f);
  cols = std::max(cols, 1);
  rows = std::max(rows, 1);
  // Cells of huge grids end up smaller than a pixel; the renderer copes (one pixel at least).
  cell_pixels = std::min(usable_width / static_cast<float>(cols), usable_height / static_cast<float>(rows));
  cell_pixels = std::min(cell_pixels, 96.f);  // a 2 × 2 grid need not fill a projector
  offset_x = (width - cell_pixels * static_cast<float>(cols)) * 0.5f;
  offset_y = (height - cell_pixels * static_cast<float>(rows)) * 0.5f;
}

void CanvasCamera::zoom_at(float x, float y, float factor, float min_cell_pixels, float max_cell_pixels) {
  const float new_cell_pixels = std::clamp(cell_pixels * factor, min_cell_pixels, max_cell_pixels);
  // The grid point under (x, y) stays under (x, y).
  const float grid_x = (x - offset_x) / cell_pixels;
  const float grid_y = (y - offset_y) / cell_pixels;
  cell_pixels = new_cell_pixels;
  offset_x = x - grid_x * cell_pixels;
  offset_y = y - grid_y * cell_pixels;
}

void CanvasCamera::pan(float dx, float dy) {
  offset_x += dx;
  offset_y += dy;
}

bool CanvasCamera::cell_at(float x, float y, int* col, int* row) const {
  const float grid_x = (x - offset_x) / cell_pixels;
  const float grid_y = (y - offset_y) / cell_pixels;
  if (grid_x < 0 || grid_y < 0) return false;
  *col = static_cast<int>(std::floor(grid_x));
  *row = static_cast<int>(std::floor(grid_y));
  return true;
}

}  // namespace cudalab::app::render
