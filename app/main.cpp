// cudalab: the desktop app and its command line in one executable.
#include "cli/commands.h"

int main(int argc, char** argv) { return cudalab::app::run_command_line(argc, argv); }
