#include "matrix_panels.h"

#include <fmt/format.h>

#include "text/say.h"

namespace cudalab::lessons::matmul {

MatrixPanels::MatrixPanels(int rows, int cols, std::vector<std::string> names)
    : rows_(std::max(rows, 0)), cols_(std::max(cols, 0)), names_(std::move(names)) {
  const int panels = static_cast<int>(names_.size());
  grid_.cols = panels * (cols_ + 1) - 1;
  grid_.rows = rows_;
  grid_.cells.resize(std::size_t(panels) * rows_ * cols_);
  for (int panel = 0; panel < panels; ++panel) {
    for (int row = 0; row < rows_; ++row)
      for (int col = 0; col < cols_; ++col) {
        CellGridView::Cell& c = cell(panel, row, col);
        c.col = grid_col(panel, col);
        c.row = row;
        c.group = -1;
        c.shade = 1.f;
      }
    grid_.frames.push_back({grid_col(panel, 0), 0, cols_, rows_, names_[panel], panel});
  }
}

CellGridView::Cell& MatrixPanels::cell(int panel, int row, int col) {
  return grid_.cells[(std::size_t(panel) * rows_ + row) * cols_ + col];
}

void MatrixPanels::add_frame(int panel, int row, int col, int rows, int cols, std::string label, int group) {
  grid_.frames.push_back({grid_col(panel, col), row, cols, rows, std::move(label), group});
}

CellGridView MatrixPanels::take(std::string title, std::vector<std::string> legend) {
  grid_.title = std::move(title);
  grid_.legend = std::move(legend);
  return std::move(grid_);
}

std::string element_text(const char* matrix, int row, int col, double value) {
  return say("{}[{}][{}] = {:.4g}", matrix, row, col, value);
}

}  // namespace cudalab::lessons::matmul
