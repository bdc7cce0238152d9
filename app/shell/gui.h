#pragma once
// The desktop shell's entry point, called by the app's main() after the command line has parsed
// its arguments (cli/commands.h).
#include "session/gui_options.h"

namespace cudalab::app {

// Runs the window until closed. Returns the process exit code. Without a display it prints one
// line saying so (how to use xvfb-run, or the CLI) and returns 2.
int run_gui(const GuiOptions& options);

}  // namespace cudalab::app
