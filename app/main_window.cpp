// cudalab-app: the desktop window, and the same command line as cudalab (cli/commands.h). The
// kernels it shows run in workers started from cudalab beside it (worker/worker_client.h).
#include "cli/commands.h"
#include "shell/gui.h"

int main(int argc, char** argv) { return cudalab::app::run_command_line(argc, argv, cudalab::app::run_gui); }
