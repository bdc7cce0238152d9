#pragma once
// Programs a step starts as a child process of this same executable: hidden subcommands of
// cudalab, never listed in --help (chapter 6 runs one broken kernel, alone, under
// compute-sanitizer: `cudalab broken-kernel no_barrier 20`). The CLI looks here before parsing.
#include <string_view>

namespace cudalab::lessons {

struct HiddenCommand {
  std::string_view name;
  int (*main)(int argc, char** argv);  // argv[1] is the name; returns the exit code
};

// The command `name` names, or null.
const HiddenCommand* find_hidden_command(std::string_view name);

}  // namespace cudalab::lessons
