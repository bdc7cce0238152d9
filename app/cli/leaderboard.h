#pragma once
// A class's speed exercise as a leaderboard (`cudalab check ID FOLDER`): the submissions whose
// tests passed are ranked by what the check measured (speed.h: counted on the emulator, timed on a
// GPU), lower first — those that passed, then those too slow on some goal, each with the goal it
// missed; those that did not get that far are listed after, unranked.
#include <string>
#include <vector>

#include "cli/class_folder.h"
#include "exercises/verdict.h"

namespace cudalab::app {

// The table, in the current language; empty when no submission was measured.
std::string leaderboard(const std::vector<Submission>& submissions, const std::vector<lessons::exercises::Verdict>& verdicts);

// The CSV columns a speed exercise adds: "measure,goal" for one verdict (empty cells when none).
std::string speed_csv_cells(const lessons::exercises::Verdict& verdict);

}  // namespace cudalab::app
