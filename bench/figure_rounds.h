#pragma once
// `cudalab bench emulator --rounds N`: the whole table measured N times, each figure's median and
// best printed at the end. One run's figures swing by a third on a shared machine (another build
// on the other core, frequency changes), more than the changes being measured; a median over
// whole rounds, each with its own plain loop to compare with, is what a before/after can quote.
#include <ostream>
#include <string>
#include <vector>

namespace cudalab {

// "1 worker", "2 workers": how the table and the figures' labels say on how many workers a row ran.
std::string workers_words(int workers);

enum class FigureUnit { seconds, ratio, nanoseconds };

// The figures of every round, lined up by label. Every figure is a time or a ratio of times, so
// lower is better and "best" is the lowest.
class FigureRounds {
 public:
  void add(const std::string& label, FigureUnit unit, double value);
  // figure, median, best, and how many rounds gave it (a round whose row failed gives none).
  void print_summary(std::ostream& out, int rounds) const;

 private:
  struct Figure {
    std::string label;
    FigureUnit unit;
    std::vector<double> values;
  };
  std::vector<Figure> figures_;  // in the order the first round printed them
};

}  // namespace cudalab
