#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "worker/worker_client.h"

namespace cudalab::app {

int hand_over_to_window(char** argv) {
  const std::filesystem::path window = std::filesystem::path(worker::own_executable()).parent_path() / "cudalab-app";
  ::execv(window.c_str(), argv);
  std::cerr << "cudalab: the window could not be opened: " << window.string() << " did not start ("
            << std::strerror(errno) << "); every command works without it (cudalab --help)\n";
  return 2;
}

}  // namespace cudalab::app
