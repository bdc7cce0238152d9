#include "figure_rounds.h"

#include <algorithm>

#include <fmt/format.h>

#include "cudalab/timing.h"

namespace cudalab {

namespace {

std::string formatted(FigureUnit unit, double value) {
  switch (unit) {
    case FigureUnit::seconds:
      return fmt::format("{:.6f} s", value);
    case FigureUnit::ratio:
      return fmt::format("{:.2f}x", value);
    case FigureUnit::nanoseconds:
      return fmt::format("{:.2f} ns", value);
  }
  return {};
}

}  // namespace

std::string workers_words(int workers) { return fmt::format("{} worker{}", workers, workers == 1 ? "" : "s"); }

void FigureRounds::add(const std::string& label, FigureUnit unit, double value) {
  auto figure = std::find_if(figures_.begin(), figures_.end(), [&](const Figure& f) { return f.label == label; });
  if (figure == figures_.end()) figure = figures_.insert(figures_.end(), Figure{label, unit, {}});
  figure->values.push_back(value);
}

void FigureRounds::print_summary(std::ostream& out, int rounds) const {
  out << fmt::format("\nEvery figure over {} rounds (each round measures the whole table again):\n", rounds);
  out << fmt::format("{:<62} {:>12} {:>12} {:>7}\n", "figure", "median", "best", "rounds");
  for (const Figure& figure : figures_)
    out << fmt::format("{:<62} {:>12} {:>12} {:>7}\n", figure.label, formatted(figure.unit, median(figure.values)),
                       formatted(figure.unit, *std::min_element(figure.values.begin(), figure.values.end())),
                       figure.values.size());
}

}  // namespace cudalab
