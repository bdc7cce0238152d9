// cudalab: the command line and the worker process; it links no GUI library. Asked for the
// window, it becomes cudalab-app, the executable beside it (cli/commands.h).
#include "cli/commands.h"

int main(int argc, char** argv) {
  return cudalab::app::run_command_line(argc, argv,
                                        [argv](const cudalab::app::GuiOptions&) { return cudalab::app::hand_over_to_window(argv); });
}
