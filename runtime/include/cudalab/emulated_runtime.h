#pragma once
// The emulated CUDA runtime as the executable sees it (its program side is cudalab/emu/program.h):
// which device a compiled program's calls reach, and what the program did with it, for the words
// a check says ("cudaMemcpy on line 14 copied 1000 bytes; d_x holds 4000"). One program at a
// time per process: a sandboxed worker runs one.
#include <cstddef>
#include <string>
#include <vector>

#include "cudalab/device.h"
#include "cudalab/status.h"

namespace cudalab::emulated_runtime {

struct Allocation {
  const void* ptr = nullptr;
  std::size_t bytes = 0;
  int line = 0;  // of the cudaMalloc
};

struct Copy {
  std::size_t bytes = 0;
  int kind = 0;  // cudaMemcpyKind's number
  int line = 0;
  std::size_t device_bytes = 0;  // the device allocation it reaches (0: none found)
  int error = 0;                 // what the call returned
};

struct Launch {
  std::string kernel;
  LaunchConfig config;
  int line = 0;
  int error = 0;
};

// What the program has done since bind() (or clear()).
struct Record {
  std::vector<Allocation> live;  // device allocations not freed
  std::vector<Copy> copies;
  std::vector<Launch> launches;
  int synchronizations = 0;
  int errors_asked = 0;          // cudaGetLastError / cudaPeekAtLastError calls
  Status last_failure;           // the emulator's own words for the last call that failed

  // How many copies went that way (a cudaMemcpyKind's number: 1 host to device, 2 device to host).
  int copies_of_kind(int kind) const {
    int count = 0;
    for (const Copy& copy : copies) count += copy.kind == kind ? 1 : 0;
    return count;
  }
};

// The device the program's calls reach (nullptr: none; every call then answers cudaErrorNoDevice).
void bind(Device* device);
void clear();  // forgets the record, frees nothing
Record record();
// Frees what the program left allocated (after its run, so the next test starts clean).
void release_leftovers();
// Every launch from now on fails with `error` (a cudaError_t number; 0: none), before it reaches
// the device: a check that the program notices a failed launch.
void fail_launches(int error);
// Writes the kernels' printf output so far to stdout (the runtime does it at every synchronisation).
void flush_printf();

// CUDA's own words for an error number: "cudaErrorInvalidValue", "invalid argument".
const char* error_name(int error);
const char* error_string(int error);

}  // namespace cudalab::emulated_runtime
