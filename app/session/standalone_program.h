#pragma once
// A chapter's program.cu as one file that builds wherever it is saved ("Save as .cu" in the Code
// tab): the chapter's own headers it includes (`#include "rung_1d_tiling.cuh"`, as chapter 10's
// program does) are written in place, each once, as `#pragma once` would have it; system headers
// (`#include <cuda_runtime.h>`) stay as they are.
#include <filesystem>
#include <string>
#include <vector>

namespace cudalab::app {

struct StandaloneProgram {
  std::string text;
  std::vector<std::string> written_in;  // the headers written in place, in order
  std::string problem;                  // a header that could not be read; "" when all is well
};

StandaloneProgram standalone_program(const std::filesystem::path& program);

}  // namespace cudalab::app
