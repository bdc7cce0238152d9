#pragma once
// A Run and its views as plain text, for `cudalab run` and the terminal.
#include <ostream>
#include <vector>

#include "cudalab/run.h"
#include "views.h"

namespace cudalab::app {

void print_run(std::ostream& out, const std::string& heading, const Run& run,
               const std::vector<lessons::View>& views);

}  // namespace cudalab::app
