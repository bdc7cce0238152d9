#include "session/paths.h"

#include <cstdlib>
#include <system_error>

namespace cudalab::app {

namespace fs = std::filesystem;

fs::path executable_dir() {
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (error) return {};
  return exe.parent_path();
}

DataDir find_data_dir(const char* env_value, const fs::path& exe_dir) {
  DataDir dir;
  std::error_code error;
  if (env_value != nullptr && *env_value != '\0') {
    dir.path = env_value;
    dir.source = "CUDALAB_DATA_DIR";
    if (!fs::is_directory(dir.path, error)) {
      dir.problem = "CUDALAB_DATA_DIR=" + dir.path.string() + " is not a folder";
    }
    return dir;
  }
  dir.source = "next to the executable";
  if (exe_dir.empty()) {
    dir.problem = "cannot tell where the executable is (/proc/self/exe unreadable); set CUDALAB_DATA_DIR";
    return dir;
  }
  dir.path = (exe_dir / ".." / "share" / "cudalab").lexically_normal();
  if (!fs::is_directory(dir.path, error)) {
    dir.problem = dir.path.string() + " is missing; set CUDALAB_DATA_DIR to the folder holding shaders/, assets/ and lessons/";
  }
  return dir;
}

DataDir find_data_dir() { return find_data_dir(std::getenv("CUDALAB_DATA_DIR"), executable_dir()); }

fs::path config_dir(const char* xdg_config_home, const char* home) {
  if (xdg_config_home != nullptr && *xdg_config_home != '\0') return fs::path(xdg_config_home) / "cudalab";
  if (home != nullptr && *home != '\0') return fs::path(home) / ".config" / "cudalab";
  return fs::path(".config") / "cudalab";  // no HOME at all: the working folder is all we have
}

fs::path config_dir() { return config_dir(std::getenv("XDG_CONFIG_HOME"), std::getenv("HOME")); }

fs::path settings_file() { return config_dir() / "settings.json"; }

fs::path data_home_dir(const char* xdg_data_home, const char* home) {
  if (xdg_data_home != nullptr && *xdg_data_home != '\0') return fs::path(xdg_data_home) / "cudalab";
  if (home != nullptr && *home != '\0') return fs::path(home) / ".local" / "share" / "cudalab";
  return fs::path(".local") / "share" / "cudalab";
}

fs::path data_home_dir() { return data_home_dir(std::getenv("XDG_DATA_HOME"), std::getenv("HOME")); }

}  // namespace cudalab::app
