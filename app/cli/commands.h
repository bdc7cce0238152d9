#pragma once
// The command line: the desktop window by default, headless subcommands for scripts, docs and
// tests. Returns the process exit code: 0 ok, 1 a run failed, 2 bad usage.
//
// Two executables share it (app/CMakeLists.txt): `cudalab`, which links no GUI library — the
// command line, and the worker process that runs every kernel and every student's check — and
// `cudalab-app`, the window. `open_window` is how each opens the window once the arguments asked
// for it: cudalab-app runs it; cudalab hands the same arguments to cudalab-app beside it.
#include <functional>

#include "session/gui_options.h"

namespace cudalab::app {

using OpenWindow = std::function<int(const GuiOptions& options)>;

int run_command_line(int argc, char** argv, const OpenWindow& open_window);

// The window's executable beside this one (cudalab-app), started with this process's arguments
// in place of it. Returns only when it could not be started, with the exit code after saying why.
int hand_over_to_window(char** argv);

}  // namespace cudalab::app
