// A speed exercise's class as a leaderboard (app/cli/leaderboard.h): measured submissions ranked,
// those that passed first; equal measures share a place; the rest listed after, unranked.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli/leaderboard.h"
#include "i18n/language.h"

namespace cudalab::app {
namespace {

namespace ex = lessons::exercises;

ex::Verdict measured(ex::VerdictKind kind, double value, const char* headline = "") {
  ex::Verdict v;
  v.kind = kind;
  v.headline = lessons::Message::text(headline);
  const lessons::Message words = lessons::Message::text("sectors per warp request (reads of a)");
  v.speed = ex::SpeedResult{words.english(), words, value, 4.5, 0, false};
  return v;
}

std::size_t line_of(const std::string& table, const std::string& name) {
  const std::size_t at = table.find(name);
  return at == std::string::npos ? std::string::npos : static_cast<std::size_t>(std::count(table.begin(), table.begin() + at, '\n'));
}

// The place printed at the start of the line that names `name`.
std::string place_of(const std::string& table, const std::string& name) {
  const std::size_t at = table.find(name);
  if (at == std::string::npos) return "?";
  const std::size_t start = table.rfind('\n', at) + 1;
  std::string place = table.substr(start, at - start);
  place.erase(std::remove(place.begin(), place.end(), ' '), place.end());
  return place;
}

TEST(Leaderboard, PassedFirstThenTooSlowThenTheRest) {
  i18n::set_current_language(i18n::Language::en);
  std::vector<Submission> submissions;
  for (const char* name : {"ana.cu", "ben.cu", "cai.cu", "dov.cu", "eve.cu", "fay.cu"}) submissions.push_back({name, name, {}});
  ex::Verdict wrong;
  wrong.kind = ex::VerdictKind::wrong_result;
  const std::vector<ex::Verdict> verdicts = {
      measured(ex::VerdictKind::too_slow, 32, "Too slow: 32.00 sectors per warp request (reads of a); the goal is at most 4.50"),
      measured(ex::VerdictKind::passed, 4),
      wrong,
      measured(ex::VerdictKind::passed, 4),
      // Met the ranked goal, missed another: ranked after every pass, however low its measure.
      measured(ex::VerdictKind::too_slow, 1, "Too slow: 32.00 sectors per warp request (writes of out); the goal is at most 4.50"),
      measured(ex::VerdictKind::passed, 2.5)};
  const std::string table = leaderboard(submissions, verdicts);
  ASSERT_NE(table.find("Leaderboard: sectors per warp request (reads of a), lower is better (counted on the CPU emulator)"),
            std::string::npos)
      << table;
  EXPECT_EQ(place_of(table, "fay.cu"), "1") << table;
  EXPECT_EQ(place_of(table, "ben.cu"), "2") << table;
  EXPECT_EQ(place_of(table, "dov.cu"), "2") << table;  // equal measures share a place
  EXPECT_EQ(place_of(table, "eve.cu"), "4") << table;
  EXPECT_EQ(place_of(table, "ana.cu"), "5") << table;
  EXPECT_EQ(place_of(table, "cai.cu"), "-") << table;
  EXPECT_LT(line_of(table, "dov.cu"), line_of(table, "eve.cu"));
  EXPECT_LT(line_of(table, "eve.cu"), line_of(table, "ana.cu"));
  EXPECT_LT(line_of(table, "ana.cu"), line_of(table, "cai.cu"));
  // A too-slow row says which goal it missed.
  EXPECT_NE(table.find("(writes of out); the goal is at most 4.50"), std::string::npos) << table;
}

TEST(Leaderboard, NothingMeasuredIsNoTableAndCsvCellsAreEmpty) {
  ex::Verdict wrong;
  wrong.kind = ex::VerdictKind::does_not_compile;
  EXPECT_EQ(leaderboard({{"a.cu", "a.cu", {}}}, {wrong}), "");
  EXPECT_EQ(speed_csv_cells(wrong), ",");
  EXPECT_EQ(speed_csv_cells(measured(ex::VerdictKind::passed, 4)), "4.000,4.500");
}

}  // namespace
}  // namespace cudalab::app
