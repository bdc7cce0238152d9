#pragma once
// Views: plain data describing a picture. Lessons build them from a Run; app/ draws them (the
// canvas through shaders/, tables and charts with ImGui). They own nothing but their numbers.
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace cudalab::lessons {

// A grid of cells: threads of a block/grid, elements of a matrix, SMs of a GPU.
struct CellGridView {
  struct Cell {
    int col = 0, row = 0;     // position in cell units
    int group = 0;            // colour: palette index (block, warp, ...); -1 = idle (drawn grey)
    float shade = 1.f;        // 0..1 brightness within the group
    std::string label;        // short text drawn inside when zoomed in enough ("7")
    std::string tooltip;      // hover text: "threadIdx.x + blockIdx.x * blockDim.x = 3 + 1 × 4 = 7"
  };
  struct Frame {              // an outline around a region (a block, a tile)
    int col = 0, row = 0, cols = 1, rows = 1;
    std::string label;
    int group = 0;
  };
  std::string title;
  int cols = 0, rows = 0;
  std::vector<Cell> cells;
  std::vector<Frame> frames;
  std::vector<std::string> legend;  // legend[i] names palette group i
};

// Bars on rows against time: blocks on SMs, copy/kernel phases.
struct TimelineView {
  struct Bar {
    int row = 0;
    double start = 0, end = 0;
    int group = 0;
    std::string label, tooltip;
  };
  std::string title;
  std::string unit = "µs";
  std::vector<std::string> rows;
  std::vector<Bar> bars;
  std::vector<std::pair<double, std::string>> markers;  // vertical lines: (time, label)
};

struct TableView {
  std::string title;
  std::vector<std::string> columns;
  std::vector<std::vector<std::string>> rows;
};

struct ChartView {
  struct Series {
    std::string name;
    std::vector<double> x, y;
  };
  enum class Kind { line, bar };
  std::string title, x_label, y_label;
  Kind kind = Kind::line;
  bool log_x = false, log_y = false;
  std::vector<Series> series;
  std::vector<std::string> categories;  // bar charts: one label per x
};

// Source text with lines to highlight (1-based).
struct CodeView {
  std::string title;
  std::string text;
  std::vector<int> highlight;
};

// Key facts in large type: "8 threads ran".
struct FactsView {
  std::string title;
  std::vector<std::pair<std::string, std::string>> facts;
};

using View = std::variant<CellGridView, TimelineView, TableView, ChartView, CodeView, FactsView>;

}  // namespace cudalab::lessons
