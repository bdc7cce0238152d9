#include "cudalab/toolkit_library.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <string>

namespace cudalab {

bool toolkit_libraries_hidden() {
  const char* hidden = std::getenv("CUDALAB_HIDE_CUDA_LIBRARIES");
  return hidden != nullptr && *hidden != '\0' && std::string(hidden) != "0";
}

ToolkitLibrary open_toolkit_library(const std::vector<std::string>& sonames) {
  const bool hidden = toolkit_libraries_hidden();
  std::vector<std::string> folders{""};  // "": the loader's own search
  auto add_folder = [&](std::string folder) {  // once each: $CUDA_HOME is often /usr/local/cuda
    if (std::find(folders.begin(), folders.end(), folder) == folders.end()) folders.push_back(std::move(folder));
  };
  for (const char* variable : {"CUDA_HOME", "CUDA_PATH"})
    if (const char* root = std::getenv(variable); root != nullptr && *root != '\0') add_folder(std::string(root) + "/lib64/");
  for (const char* folder : {"/usr/local/cuda/lib64/", "/usr/local/cuda/targets/x86_64-linux/lib/",
                             "/usr/local/cuda-13.0/lib64/", "/usr/local/cuda/extras/CUPTI/lib64/", "/usr/lib/x86_64-linux-gnu/",
                             "/opt/cuda/lib64/"})
    add_folder(folder);
  ToolkitLibrary library;
  for (const std::string& soname : sonames) {
    for (const std::string& folder : folders) {
      const std::string candidate = folder + soname;
      if (void* handle = hidden ? nullptr : dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL)) {
        library.handle = handle;
        library.path = candidate;
        return library;
      }
      library.tried += (library.tried.empty() ? "" : ", ") + candidate;
    }
  }
  return library;
}

void* library_symbol(void* handle, const char* name) { return dlsym(handle, name); }

}  // namespace cudalab
