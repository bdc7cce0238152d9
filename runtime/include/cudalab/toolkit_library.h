#pragma once
// Opens one of the CUDA toolkit's shared libraries (cuBLAS, NVRTC…) at run time: nothing links
// them, so CUDA Lab starts without a toolkit and says in words what is missing.
#include <string>
#include <vector>

namespace cudalab {

struct ToolkitLibrary {
  void* handle = nullptr;  // dlopen's; kept open for the life of the process
  std::string path;        // the candidate that opened
  std::string tried;       // every candidate tried, for "not installed; looked for …"
};

// Tries each soname in turn: the loader's own search first (LD_LIBRARY_PATH, ldconfig), then
// $CUDA_HOME/lib64, $CUDA_PATH/lib64 and the toolkit's usual folders.
//
// CUDALAB_HIDE_CUDA_LIBRARIES=1 makes every candidate fail, with the same `tried` list: the state of
// a laptop without the toolkit, on a machine that has it. The emulator-only tests run so (their
// test preset sets it), so every word a GPU-less classroom reads is checked where CI runs.
ToolkitLibrary open_toolkit_library(const std::vector<std::string>& sonames);
// Whether CUDALAB_HIDE_CUDA_LIBRARIES is set (to anything but "" or "0").
bool toolkit_libraries_hidden();

// The address of `name` in an opened library (dlsym), or null.
void* library_symbol(void* handle, const char* name);

// The same as a function pointer of the caller's type; false when the library lacks it.
template <class Fn>
bool find_symbol(void* handle, const char* name, Fn* out) {
  *out = reinterpret_cast<Fn>(library_symbol(handle, name));
  return *out != nullptr;
}

}  // namespace cudalab
