#pragma once
// Where a grid of cells sits in the canvas: how many pixels one cell takes and where cell (0, 0)'s
// corner is. Zooming keeps the point under the cursor still; plain math, testable without GL.
namespace cudalab::app::render {

struct CanvasCamera {
  float cell_pixels = 16.f;        // size of one cell on screen, in pixels
  float offset_x = 0.f, offset_y = 0.f;  // canvas pixels of cell (0, 0)'s top-left corner

  // Shows all of a cols × rows grid centred in a width × height canvas, leaving `margin` pixels.
  void fit(int cols, int rows, float width, float height, float margin);
  // Scales by `factor` around the canvas point (x, y), clamped to [min_cell_pixels, max_cell_pixels].
  void zoom_at(float x, float y, float factor, float min_cell_pixels, float max_cell_pixels);
  void pan(float dx, float dy);
  // The cell under canvas point (x, y); false when (x, y) lies outside every cell position.
  bool cell_at(float x, float y, int* col, int* row) const;
  float screen_x(float col) const { return offset_x + col * cell_pixels; }
  float screen_y(float row) const { return offset_y + row * cell_pixels; }
};

}  // namespace cudalab::app::render
