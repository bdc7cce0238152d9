#pragma once
// Matrices drawn side by side in one cell grid (A | B | C), one cell per element, a blank column
// between them, each with a labelled frame. Chapters 5 and 6 colour the cells from a run's trace.
#include <string>
#include <vector>

#include "lesson.h"

namespace cudalab::lessons::matmul {

// Panel indices of the usual A | B | C picture.
enum MatrixPanel { kPanelA = 0, kPanelB = 1, kPanelC = 2 };

class MatrixPanels {
 public:
  // `rows` × `cols` elements per panel; every cell starts grey (group -1), untouched.
  MatrixPanels(int rows, int cols, std::vector<std::string> names);

  CellGridView::Cell& cell(int panel, int row, int col);
  // An outline over a region of one panel (a tile, a block's rows).
  void add_frame(int panel, int row, int col, int rows, int cols, std::string label, int group);
  int grid_col(int panel, int col) const { return panel * (cols_ + 1) + col; }

  CellGridView take(std::string title, std::vector<std::string> legend);

 private:
  int rows_ = 0, cols_ = 0;
  std::vector<std::string> names_;
  CellGridView grid_;
};

// "A[2][5] = 0.413"
std::string element_text(const char* matrix, int row, int col, double value);

}  // namespace cudalab::lessons::matmul
