#pragma once
// The canvas's pictures, a feature that owns its state: the shown run's cell grids (through the GL
// renderer, one canvas per view, each with its own zoom and pan), timelines and charts, one at a
// time under tabs when a step has several, with the picture's title above it.
#include <filesystem>
#include <memory>
#include <utility>
#include <vector>

#include "session/shown_run.h"
#include "widgets/cell_grid_canvas.h"
#include "widgets/widget_style.h"

namespace cudalab::app {

// The views the canvas shows, as indices into `views`: cell grids and timelines; charts too when
// the step has neither (otherwise charts stay in the Results tab, never in both places).
std::vector<int> canvas_pictures(const std::vector<lessons::View>& views);

class PicturesPanel {
 public:
  explicit PicturesPanel(std::filesystem::path shaders_dir) : shaders_dir_(std::move(shaders_dir)) {}

  // A new step: the first picture, every canvas back to its whole-picture camera.
  void reset() {
    selected_ = 0;
    for (auto& canvas : canvases_) canvas->reset_camera();
  }
  void select_first() { selected_ = 0; }  // another run of the same step (a recorded one, say)

  // Draws `pictures` (canvas_pictures of shown.views, not empty); `short_canvas`: a title takes one
  // line, whole on hover, so that the picture keeps its height.
  void draw(const ShownRun& shown, const std::vector<int>& pictures, bool short_canvas, const widgets::Style& style);

 private:
  std::filesystem::path shaders_dir_;
  std::vector<std::unique_ptr<widgets::CellGridCanvas>> canvases_;  // by view index
  int selected_ = 0;                                               // index into the pictures
};

}  // namespace cudalab::app
