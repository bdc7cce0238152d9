#pragma once
// Chapter 6's two broken tiled kernels (exercises/matmul_tiled/broken.cu: one without the barrier
// after the copies, one without the guards on them), and the three ways the last step runs them:
//   - through the exercise grader on the CPU emulator (exercises/checker.h), whose race detector and
//     bounds checks say what went wrong, at which line, for which threads;
//   - once, bare, on a GPU (`cudalab broken-kernel`, a hidden subcommand): the program
//     compute-sanitizer watches;
//   - under compute-sanitizer (sanitizer_run.h), from the step.
#include <string>
#include <string_view>

#include "cudalab/device.h"
#include "exercises/verdict.h"

namespace cudalab::lessons::tiles {

enum class BrokenKernel { no_barrier = 0, no_guard = 1 };

const char* broken_kernel_name(BrokenKernel kernel);  // "mat_mul_tiled_no_barrier"
// "no_barrier" / "no_guard" → the kernel; false for anything else.
bool parse_broken_kernel(std::string_view text, BrokenKernel* out);

// The file, relative to the chapter's folder, and its text (embedded in the executable).
inline constexpr const char* kBrokenKernelsFile = "exercises/matmul_tiled/broken.cu";
std::string_view broken_kernels_source();
// The file name compute-sanitizer's lines name ("broken.cu:17").
inline constexpr const char* kBrokenKernelsFileName = "broken.cu";

// The grader's verdict on `kernel` at one n (16 × 16 tiles, ceil(n / 16)² blocks), on `emulator`
// (a CPU emulator: its race detector works only there). Its details name lines of broken.cu.
exercises::Verdict check_broken_kernel(BrokenKernel kernel, int n, Device& emulator);

// Compiles `kernel` at run time (NVRTC on a GPU, with line info) and runs it once at n on
// `device`: A and B filled, C written, nothing checked. `said` gets one line for the log.
Status run_broken_kernel_once(BrokenKernel kernel, int n, Device& device, std::string* said);

// `cudalab broken-kernel no_barrier|no_guard N`: opens the GPU, runs the kernel once, exits
// (0: it ran; 1: it did not, why on stderr). What compute-sanitizer starts; not listed in --help.
int broken_kernel_command(int argc, char** argv);

}  // namespace cudalab::lessons::tiles
