#pragma once
// The command line of the one executable: GUI by default, headless subcommands for scripts,
// docs and tests. Returns the process exit code: 0 ok, 1 a run failed, 2 bad usage.
namespace cudalab::app {

int run_command_line(int argc, char** argv);

}  // namespace cudalab::app
