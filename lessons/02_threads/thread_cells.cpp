#include "thread_cells.h"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "text/say.h"

namespace cudalab::lessons::threads {
namespace {

constexpr unsigned kWarpSize = 32;
constexpr unsigned kLegendEntries = 14;  // two turns of the palette; more would not be told apart

unsigned warps_in(unsigned threads_per_block) { return (std::max(threads_per_block, 1u) + kWarpSize - 1) / kWarpSize; }

}  // namespace

Layout1D::Layout1D(unsigned threads_per_block, unsigned blocks_per_grid) {
  const unsigned threads = std::max(threads_per_block, 1u);
  const unsigned blocks = std::max(blocks_per_grid, 1u);
  block_width_ = std::min(threads, kCellsPerRow);
  // Small blocks share a warp-wide row; big grids also put blocks side by side, so the picture is
  // about twice as wide as tall (a canvas's shape), not one warp-wide column thousands of rows tall.
  const unsigned sharing_a_row = threads <= kCellsPerRow ? kCellsPerRow / threads : 1;
  const double all_cells = double(threads) * blocks;
  const unsigned for_the_shape = static_cast<unsigned>(std::sqrt(2.0 * all_cells) / block_width_);
  blocks_per_row_ = std::max({sharing_a_row, for_the_shape, 1u});
  rows_per_block_ = (threads + kCellsPerRow - 1) / kCellsPerRow;
  cols_ = block_width_ * std::min(blocks, blocks_per_row_);
  rows_ = rows_per_block_ * ((blocks + blocks_per_row_ - 1) / blocks_per_row_);
}

int Layout1D::col(unsigned block, unsigned thread) const {
  return static_cast<int>((block % blocks_per_row_) * block_width_ + thread % kCellsPerRow);
}

int Layout1D::row(unsigned block, unsigned thread) const {
  return static_cast<int>((block / blocks_per_row_) * rows_per_block_ + thread / kCellsPerRow);
}

CellGridView::Frame Layout1D::frame(unsigned block) const {
  return {col(block, 0), row(block, 0), static_cast<int>(block_width_), static_cast<int>(rows_per_block_),
          say("block {}", block), static_cast<int>(block)};
}

Param colour_by_param() {
  Param colour{"colour_by", "Colour by", Param::Kind::choice, 0, 2, 0};
  colour.choices = {"block", "thread", "warp"};
  colour.help = "Block: one colour per block. Thread: brighter for higher thread ids. Warp: 32 threads each.";
  return colour;
}

ColourBy colour_by_of(const Run& run) {
  auto chosen = run.parameters.find("colour_by");
  if (chosen == run.parameters.end()) return ColourBy::block;
  if (chosen->second == "thread") return ColourBy::thread;
  if (chosen->second == "warp") return ColourBy::warp;
  return ColourBy::block;
}

void colour_cell(ColourBy colour_by, unsigned linear_block, unsigned linear_thread, unsigned threads_per_block,
                 unsigned warp_in_block, CellGridView::Cell* cell) {
  switch (colour_by) {
    case ColourBy::block:
      cell->group = static_cast<int>(linear_block);
      cell->shade = 1.f;
      break;
    case ColourBy::thread:
      cell->group = 0;
      cell->shade = threads_per_block <= 1 ? 1.f
                                           : 0.25f + 0.75f * static_cast<float>(linear_thread) /
                                                         static_cast<float>(threads_per_block - 1);
      break;
    case ColourBy::warp:
      cell->group = static_cast<int>(linear_block * warps_in(threads_per_block) + warp_in_block);
      cell->shade = 1.f;
      break;
  }
}

std::vector<std::string> colour_legend(ColourBy colour_by, unsigned blocks, unsigned threads_per_block) {
  std::vector<std::string> legend;
  if (colour_by == ColourBy::thread) return {"darker = lower thread id in its block, brighter = higher"};
  const unsigned warps = warps_in(threads_per_block);
  const unsigned groups = colour_by == ColourBy::block ? blocks : blocks * warps;
  for (unsigned g = 0; g < groups && g < kLegendEntries; ++g)
    legend.push_back(colour_by == ColourBy::block ? say("block {}", g)
                                                  : say("warp {} of block {}", g % warps, g / warps));
  return legend;
}

}  // namespace cudalab::lessons::threads
