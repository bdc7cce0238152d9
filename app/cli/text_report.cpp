#include "cli/text_report.h"

#include <algorithm>

#include <fmt/format.h>

#include "i18n/language.h"
#include "i18n/text_patterns.h"
#include "i18n/view_words.h"
#include "text/say.h"

namespace cudalab::app {
namespace {

using i18n::tr;
using i18n::tr_text;

// Display width of UTF-8 text: count code points, not bytes ("×" is one column).
std::size_t columns_of(const std::string& text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

std::string pad(const std::string& text, std::size_t width) {
  std::size_t w = columns_of(text);
  return w >= width ? text : text + std::string(width - w, ' ');
}

void print_view(std::ostream& out, const lessons::TableView& table) {
  out << "\n" << table.title << "\n";
  std::vector<std::size_t> widths(table.columns.size(), 0);
  auto measure = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) widths[i] = std::max(widths[i], columns_of(row[i]));
  };
  measure(table.columns);
  for (const auto& row : table.rows) measure(row);
  auto print_row = [&](const std::vector<std::string>& row) {
    out << " ";
    for (std::size_t i = 0; i < row.size() && i < widths.size(); ++i) out << " " << pad(row[i], widths[i]) << " ";
    out << "\n";
  };
  print_row(table.columns);
  std::size_t total = 0;
  for (auto w : widths) total += w + 2;
  out << "  " << std::string(total, '-') << "\n";
  for (const auto& row : table.rows) print_row(row);
}

void print_view(std::ostream& out, const lessons::FactsView& facts) {
  out << "\n" << facts.title << "\n";
  std::size_t width = 0;
  for (const auto& [key, value] : facts.facts) width = std::max(width, columns_of(key));
  for (const auto& [key, value] : facts.facts) out << "  " << pad(key, width) << "  " << value << "\n";
}

void print_view(std::ostream& out, const lessons::CellGridView& grid) {
  int idle = 0;
  for (const auto& c : grid.cells) idle += c.group < 0;
  out << "\n" << grid.title << "\n  " << fmt::format(fmt::runtime(tr("{} cells in {} × {}")), grid.cells.size(), grid.cols, grid.rows);
  if (idle) out << fmt::format(fmt::runtime(tr(", {} idle")), idle);
  out << "\n";
  // Small grids are worth seeing whole: one label per cell, row by row.
  if (grid.cells.size() <= 256 && grid.cols <= 32) {
    std::vector<std::vector<std::string>> rows(grid.rows, std::vector<std::string>(grid.cols, "."));
    std::size_t width = 1;
    for (const auto& c : grid.cells) {
      if (c.row < 0 || c.row >= grid.rows || c.col < 0 || c.col >= grid.cols) continue;
      rows[c.row][c.col] = c.group < 0 ? "-" : (c.label.empty() ? "#" : c.label);
      width = std::max(width, columns_of(rows[c.row][c.col]));
    }
    for (const auto& row : rows) {
      out << "  ";
      for (const auto& cell : row) out << pad(cell, width) << " ";
      out << "\n";
    }
  }
}

void print_view(std::ostream& out, const lessons::TimelineView& timeline) {
  out << "\n" << timeline.title << " (" << timeline.unit << ")\n";
  for (const auto& bar : timeline.bars) {
    std::string row = bar.row >= 0 && bar.row < static_cast<int>(timeline.rows.size()) ? timeline.rows[bar.row] : "?";
    out << fmt::format("  {:<16} {:>12.3f} → {:>12.3f}  {}\n", row, bar.start, bar.end, bar.label);
  }
  for (const auto& [time, label] : timeline.markers) out << fmt::format("  | {:>12.3f}  {}\n", time, label);
}

void print_view(std::ostream& out, const lessons::ChartView& chart) {
  out << "\n" << chart.title << " — " << fmt::format(fmt::runtime(tr("{} against {}")), chart.y_label, chart.x_label) << "\n";
  for (const auto& series : chart.series) {
    out << "  " << series.name << ":";
    for (std::size_t i = 0; i < series.x.size() && i < series.y.size(); ++i) {
      std::string x = i < chart.categories.size() ? chart.categories[i] : fmt::format("{:g}", series.x[i]);
      out << fmt::format(" ({}, {:.4g})", x, series.y[i]);
    }
    out << "\n";
  }
}

void print_view(std::ostream& out, const lessons::CodeView& code) { out << "\n" << code.title << "\n" << code.text << "\n"; }

}  // namespace

void print_run(std::ostream& out, const std::string& heading, const Run& run, const std::vector<lessons::View>& english_views) {
  // The views in the current language, as the window shows them; the run's own words (its timing
  // labels) are said by the messages it carries.
  const std::vector<lessons::View> views = i18n::localized_views(english_views, run.messages);
  const lessons::text::KnownMessages known(run.messages);
  out << heading << "\n";
  out << tr("device: ") << i18n::device_label(run.device) << "\n";
  if (!run.parameters.empty()) {
    out << tr("parameters:");
    for (const auto& [name, value] : run.parameters) out << " " << name << "=" << value;
    out << "\n";
  }
  for (const auto& view : views) std::visit([&](const auto& v) { print_view(out, v); }, view);
  if (!run.timings.empty()) {
    out << "\n" << tr("timings") << "\n";
    for (const auto& t : run.timings)
      out << fmt::format("  {:<24} {:>10.4f} ms  ({}{})\n", tr_text(t.label), t.ms, tr_text(describe(t.source)),
                         t.repeats > 1 ? fmt::format(fmt::runtime(tr(", median of {}")), t.repeats) : "");
  }
  if (run.trace_overflow)
    out << "\n" << fmt::format(fmt::runtime(tr("trace: {} events did not fit in the trace buffer")), run.trace_overflow) << "\n";
  if (!run.printf_output.empty()) out << "\n" << tr("kernel printf output") << "\n" << run.printf_output;
  if (!run.status.ok()) out << "\n" << tr("error: ") << i18n::status_described(run.status) << "\n";
}

}  // namespace cudalab::app
