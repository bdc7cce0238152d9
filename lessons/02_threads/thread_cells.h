#pragma once
// How this chapter draws threads as cells: where a thread of a 1D launch sits (blocks side by side,
// a row never wider than one warp, so big blocks wrap warp by warp) and what colour it gets (by
// block, by thread, or by warp — the student's choice).
#include <string>
#include <vector>

#include "lesson.h"

namespace cudalab::lessons::threads {

inline constexpr unsigned kCellsPerRow = 32;  // one warp

class Layout1D {
 public:
  Layout1D(unsigned threads_per_block, unsigned blocks_per_grid);
  int col(unsigned block, unsigned thread) const;
  int row(unsigned block, unsigned thread) const;
  int cols() const { return static_cast<int>(cols_); }
  int rows() const { return static_cast<int>(rows_); }
  CellGridView::Frame frame(unsigned block) const;  // the outline of one block, labelled

 private:
  unsigned block_width_ = 1;     // cells a block spans across
  unsigned blocks_per_row_ = 1;  // small blocks sit side by side
  unsigned rows_per_block_ = 1;  // big blocks wrap
  unsigned cols_ = 1, rows_ = 1;
};

enum class ColourBy { block, thread, warp };
// The step parameter that picks it, and its value as the run recorded it.
Param colour_by_param();
ColourBy colour_by_of(const Run& run);

// Colours `cell`: by its block, by its linear thread id within the block (a brightness ramp: x is
// the fast index), or by its warp (32 consecutive linear thread ids; numbered across the grid).
void colour_cell(ColourBy colour_by, unsigned linear_block, unsigned linear_thread, unsigned threads_per_block,
                 unsigned warp_in_block, CellGridView::Cell* cell);
// Names for the first palette groups of that colouring.
std::vector<std::string> colour_legend(ColourBy colour_by, unsigned blocks, unsigned threads_per_block);

}  // namespace cudalab::lessons::threads
