#include "cli/leaderboard.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "cli/cli_language.h"
#include "i18n/language.h"
#include "text/message.h"

namespace cudalab::app {

namespace ex = lessons::exercises;

std::string leaderboard(const std::vector<Submission>& submissions, const std::vector<ex::Verdict>& verdicts) {
  std::vector<std::size_t> order(verdicts.size());
  std::iota(order.begin(), order.end(), 0);
  const auto measured = [&](std::size_t i) { return verdicts[i].speed.has_value(); };
  const auto passed = [&](std::size_t i) { return verdicts[i].kind == ex::VerdictKind::passed; };
  // Measured first: those that passed, lower first, then those too slow on another goal (a naive
  // transpose has no bank conflicts at all, yet it misses the sectors goal); then the rest by name.
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (measured(a) != measured(b)) return measured(a);
    if (!measured(a)) return false;
    if (passed(a) != passed(b)) return passed(a);
    return verdicts[a].speed->value < verdicts[b].speed->value;
  });
  if (order.empty() || !measured(order.front())) return {};
  const ex::SpeedResult& first = *verdicts[order.front()].speed;
  std::string out = "\n" + trf("Leaderboard: {}, lower is better ({})", lessons::said(first.words),
                               i18n::tr(first.on_gpu ? "timed on the GPU, medians" : "counted on the CPU emulator")) +
                    "\n";
  // The name column is as wide as the longest name, so the measures line up under each other.
  std::size_t width = 10;
  for (const Submission& s : submissions) width = std::max(width, s.name.size());
  out += fmt::format("{:>4}  {:<{}} {:>10} {:>10}  {}\n", "#", i18n::tr("submission"), width, i18n::tr("measure"), i18n::tr("goal"),
                     i18n::tr("verdict"));
  int rank = 0;
  double previous = -1;
  for (std::size_t n = 0; n < order.size(); ++n) {
    const std::size_t i = order[n];
    const ex::Verdict& v = verdicts[i];
    std::string place = "-", value = "-", goal = "";
    if (v.speed) {
      // Equal measures share a place (a class of correct coalesced kernels all count 4.00).
      if (n == 0 || v.speed->value != previous || passed(i) != passed(order[n - 1])) rank = static_cast<int>(n) + 1;
      previous = v.speed->value;
      place = std::to_string(rank);
      value = v.speed->on_gpu ? fmt::format("{:.1f}", v.speed->value) : fmt::format("{:.2f}", v.speed->value);
      goal = v.speed->on_gpu ? fmt::format("≤ {:.1f}", v.speed->goal) : fmt::format("≤ {:.2f}", v.speed->goal);
    }
    // Too slow: which goal was missed and by how much (the ranked measure may be met, another not).
    const std::string verdict =
        v.kind == ex::VerdictKind::too_slow ? lessons::said(v.headline) : i18n::tr(ex::to_string(v.kind));
    out += fmt::format("{:>4}  {:<{}} {:>10} {:>10}  {}\n", place, submissions[i].name, width, value, goal, verdict);
  }
  return out;
}

std::string speed_csv_cells(const ex::Verdict& verdict) {
  if (!verdict.speed) return ",";
  return fmt::format("{:.3f},{:.3f}", verdict.speed->value, verdict.speed->goal);
}

}  // namespace cudalab::app
