#pragma once
// Where CUDA Lab finds its files (shaders, fonts, lesson text) and keeps the user's settings.
// Always relative to the executable, never a path baked in at configure time: the build tree
// (build/bin/cudalab beside build/share/cudalab) and an install (/usr/bin beside /usr/share/cudalab)
// look the same from the executable's point of view.
#include <filesystem>
#include <string>

namespace cudalab::app {

struct DataDir {
  std::filesystem::path path;  // the folder holding shaders/, assets/, lessons/
  std::string source;          // how it was found, for messages: "CUDALAB_DATA_DIR", "next to the executable"
  std::string problem;         // empty when the folder exists; otherwise what is wrong, in words
  bool found() const { return problem.empty(); }
};

// The folder holding the running executable (from /proc/self/exe); empty if it cannot be read.
std::filesystem::path executable_dir();

// $CUDALAB_DATA_DIR when set, else <exe_dir>/../share/cudalab.
DataDir find_data_dir();
// The same rule with its inputs given (tests): `env_value` may be null.
DataDir find_data_dir(const char* env_value, const std::filesystem::path& exe_dir);

// $XDG_CONFIG_HOME/cudalab, or ~/.config/cudalab when XDG_CONFIG_HOME is unset or empty.
std::filesystem::path config_dir();
std::filesystem::path config_dir(const char* xdg_config_home, const char* home);
std::filesystem::path settings_file();  // config_dir()/settings.json
// $XDG_DATA_HOME/cudalab, or ~/.local/share/cudalab: what the student made (exercise files, progress).
std::filesystem::path data_home_dir();
std::filesystem::path data_home_dir(const char* xdg_data_home, const char* home);

}  // namespace cudalab::app
