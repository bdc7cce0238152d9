#include "cudalab/toolkit_library.h"

#include <dlfcn.h>

#include <cstdlib>

namespace cudalab {

ToolkitLibrary open_toolkit_library(const std::vector<std::string>& sonames) {
  std::vector<std::string> folders{""};  // "": the loader's own search
  for (const char* variable : {"CUDA_HOME", "CUDA_PATH"})
    if (const char* root = std::getenv(variable); root != nullptr && *root != '\0') folders.push_back(std::string(root) + "/lib64/");
  for (const char* folder : {"/usr/local/cuda/lib64/", "/usr/local/cuda/targets/x86_64-linux/lib/",
                             "/usr/local/cuda-13.0/lib64/", "/usr/local/cuda/extras/CUPTI/lib64/", "/usr/lib/x86_64-linux-gnu/",
                             "/opt/cuda/lib64/"})
    folders.push_back(folder);
  ToolkitLibrary library;
  for (const std::string& soname : sonames) {
    for (const std::string& folder : folders) {
      const std::string candidate = folder + soname;
      if (void* handle = dlopen(candidate.c_str(), RTLD_NOW | RTLD_LOCAL)) {
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
