#pragma once
// After a fault some drivers (seen on the lent H200: driver 580) never give the same process a
// new CUDA context, whatever is reset; the device then says "restart CUDA Lab". These helpers let
// a test check that promise: a fresh process runs one named test of this same binary.
#include <unistd.h>

#include <cstdio>
#include <string>

namespace gpu_tests {

// Runs this test binary again with `--gtest_filter=<test>`; true when exactly that one test passed.
inline bool passes_in_a_fresh_process(const std::string& test, std::string* output) {
  char self[4096];
  const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  if (length <= 0) return false;
  self[length] = '\0';
  const std::string command = "'" + std::string(self) + "' --gtest_filter=" + test + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return false;
  char chunk[512];
  while (std::fgets(chunk, sizeof chunk, pipe) != nullptr) *output += chunk;
  const int exit_status = pclose(pipe);
  return exit_status == 0 && output->find("[  PASSED  ] 1 test.") != std::string::npos;
}

}  // namespace gpu_tests
