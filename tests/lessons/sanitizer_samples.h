#pragma once
// What compute-sanitizer 2025.3 (CUDA 13.0) printed on an H200 for chapter 6's broken kernels
// (lessons/06_tiles/exercises/matmul_tiled/broken.cu at n = 20, --print-limit 10 and 3), cut short
// where it repeats itself: the parser is tested on the tool's real text, not on a guess of it.
namespace cudalab::lessons::sanitizer_samples {

// racecheck's default (analysis) report of mat_mul_tiled_no_barrier: one error (tile_b, written at
// line 17 by another warp) and one warning (tile_a, line 16: the same warp), each with the reads
// at line 19 it races with and how many hazards each pair made. The program's own line is mixed in.
inline constexpr const char* kRacecheck =
    "========= COMPUTE-SANITIZER\n"
    "========= Error: Race reported between Write access at mat_mul_tiled_no_barrier(const float *, const float *, float *, int)+0x2f0 in broken.cu:17\n"
    "=========     and Read access at mat_mul_tiled_no_barrier(const float *, const float *, float *, int)+0x300 in broken.cu:19 [704 hazards]\n"
    "=========     and Read access at mat_mul_tiled_no_barrier(const float *, const float *, float *, int)+0x320 in broken.cu:19 [704 hazards]\n"
    "=========     and Read access at mat_mul_tiled_no_barrier(const float *, const float *, float *, int)+0x330 in broken.cu:19 [640 hazards]\n"
    "=========     and Read access at mat_mul_tiled_no_barrier(const float *, const float *, float *, int)+0x340 in broken.cu:19 [576 hazards]\n"
    "=========     and Read access at mat_mul_tiled_no_barrier(const float *, const float *, float *, int)+0x350 in broken.cu:19 [512 hazards]\n"
    "========= \n"
    "========= Warning: Race reported between Write access at mat_mul_tiled_no_barrier(const float *, const float *, float *, int)+0x2e0 in broken.cu:16\n"
    "=========     and Read access at mat_mul_tiled_no_barrier(const float *, const float *, float *, int)+0x310 in broken.cu:19 [2048 hazards]\n"
    "=========     and Read access at mat_mul_tiled_no_barrier(const float *, const float *, float *, int)+0x360 in broken.cu:19 [2048 hazards]\n"
    "========= \n"
    "mat_mul_tiled_no_barrier ran on NVIDIA H200 as <<<(2, 2), (16, 16)>>>, n = 20 (NVRTC 13.0 for sm_90)\n"
    "========= RACECHECK SUMMARY: 2 hazards displayed (1 error, 1 warning)\n";
// The same 3136 + 4096 = 7232 hazards.
inline constexpr long long kRacecheckHazards = 704 + 704 + 640 + 576 + 512 + 2048 + 2048;

// --racecheck-report hazard: one block per hazard, the two threads and their lines.
inline constexpr const char* kRacecheckHazardMode =
    "========= COMPUTE-SANITIZER\n"
    "========= Warning: (Warp Level Programming) Potential RAW hazard detected at __shared__ 0x704 in block (0,1,0) :\n"
    "=========     Write Thread (1,12,0) at mat_mul_tiled_no_barrier(const float *, const float *, float *, int)+0x2e0 in broken.cu:16\n"
    "=========     Read Thread (0,12,0) at mat_mul_tiled_no_barrier(const float *, const float *, float *, int)+0x310 in broken.cu:19\n"
    "=========     Current Value : 0\n"
    "=========     Saved host backtrace up to driver entry point at kernel launch time\n"
    "=========         Host Frame: cudaLaunchKernel [0x72a87] in cudalab\n"
    "========= \n"
    "========= RACECHECK SUMMARY: 1 hazard displayed (7872 errors, 9728 warnings)\n";

// memcheck on mat_mul_tiled_no_guard: reads past the end of A (1,600 bytes: 20 × 20 floats); the
// kernel is stopped at the first bad access, so the program's synchronize fails.
inline constexpr const char* kMemcheck =
    "========= COMPUTE-SANITIZER\n"
    "========= Invalid __global__ read of size 4 bytes\n"
    "=========     at mat_mul_tiled_no_guard(const float *, const float *, float *, int)+0x230 in broken.cu:34\n"
    "=========     by thread (0,4,0) in block (0,1,0)\n"
    "=========     Access to 0x7f1bfc800640 is out of bounds\n"
    "=========     and is 1 bytes after the nearest allocation at 0x7f1bfc800000 of size 1,600 bytes\n"
    "=========     Saved host backtrace up to driver entry point at kernel launch time\n"
    "=========         Host Frame: cudaLaunchKernel [0x72a87] in cudalab\n"
    "========= \n"
    "========= Invalid __global__ read of size 4 bytes\n"
    "=========     at mat_mul_tiled_no_guard(const float *, const float *, float *, int)+0x230 in broken.cu:34\n"
    "=========     by thread (1,4,0) in block (0,1,0)\n"
    "=========     Access to 0x7f1bfc800644 is out of bounds\n"
    "=========     and is 5 bytes after the nearest allocation at 0x7f1bfc800000 of size 1,600 bytes\n"
    "========= \n"
    "cudalab broken-kernel: kernel fault: unspecified launch failure\n"
    "========= ERROR SUMMARY: 353 errors\n"
    "========= ERROR SUMMARY: 351 errors were not printed. Use --print-limit option to adjust the number of printed errors\n";

// A tool that found nothing, and one that could not start the program.
inline constexpr const char* kMemcheckClean =
    "========= COMPUTE-SANITIZER\n"
    "mat_mul_tiled_no_barrier ran on NVIDIA H200 as <<<(2, 2), (16, 16)>>>, n = 20 (NVRTC 13.0 for sm_90)\n"
    "========= ERROR SUMMARY: 0 errors\n";
inline constexpr const char* kNoProgram =
    "========= COMPUTE-SANITIZER\n"
    "========= Target application doesn't exist or is not a valid executable\n";

}  // namespace cudalab::lessons::sanitizer_samples
