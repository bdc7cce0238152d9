#pragma once
// Chapter 10's steps: one per rung of the ladder (rung_step.cpp: the rung timed against the rung
// before it and cuBLAS, its arithmetic intensity counted, and who computes what traced on the
// emulator), then the whole ladder at one size with a roofline (whole_ladder_step.cpp).
#include <functional>
#include <string>
#include <vector>

#include "common/matmul/measure.h"
#include "cudalab/buffer.h"
#include "ladder.h"
#include "lesson.h"
#include "writers_trace.h"

namespace cudalab::lessons::ladder {

// Rung steps, in teaching order (the TF32 rung's picture is a model: it cannot run on the emulator).
Step rung_step(Rung rung);
void run_rung(Rung rung, const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> rung_views(const Run& run);

Step whole_ladder_step();
void run_whole_ladder(const ParamValues& values, Device& device, RunControl& control, Run* run);
std::vector<View> whole_ladder_views(const Run& run);

// FLOPs per byte the kernel requests from global memory for C = A × B at n × n × n: each block
// reads its BM × k strip of A and k × BN strip of B once, in BK-wide tiles (counted at n, edges
// included). Chapter 6's T × T tile: T / 4.
double arithmetic_intensity(int bm, int bn, int bk, int n);

// FLOPs per byte the kernel's threads read from shared memory, counted from its source: per k, a
// thread reads the rows and columns of its results' A and B values (TM + TN four-byte reads for
// TM × TN results; rung 1: TM + 1) — each warp-wide read served in one turn (no bank conflicts),
// each operand read once (the compiler may merge neighbouring reads into wider ones). TF32: a
// warp's WM × WN tile reads WM + WN rows of fragments per k. Chapter 6's tile: 0.25.
double shared_intensity(const LadderKernel& kernel);
inline constexpr double kChapter6SharedIntensity = 0.25;

// The emulator runs these kernels at up to this n (beyond, a rung would take minutes there).
inline constexpr int kLargestEmulatedN = 512;
// Sizes too small for a whole block of the widest tile are still traced at this size.
inline constexpr int kTracedN = 256;

// The device's peaks for the roofline, from its SM count, clock and memory, and NVIDIA's per-SM
// rates for its architecture (0 where unknown): what the chart's roofs are drawn from.
struct Peaks {
  double fp32_gflops = 0, tf32_gflops = 0, bandwidth_gbs = 0;
  double shared_gbs = 0;  // SMs × 32 banks × 4 bytes × clock (Volta and later)
  std::string basis;  // in words: "132 SMs × 128 FP32 lanes × 2 FLOPs × 1.98 GHz"
};
Peaks device_peaks(const DeviceFacts& facts);

// The measuring both kinds of step share: A and B of n × n on the device, a float64 reference,
// and each contender timed then checked.
struct Contender {
  std::string name;        // "rung 2: 2D register tiling (…)", "cuBLAS SGEMM"
  std::string label;       // for a chart's axis: "rung 2", "chapter 6", "cuBLAS SGEMM"
  std::string kernel;      // the instance key, "" for the others
  double ms = 0, gflops = 0, error = 0;
  bool measured = false;   // false: skipped (note says why)
  bool right = false;
  std::string note;
  nlohmann::json to_json() const;
};
class LadderBench {
 public:
  static Status open(Device& device, int n, RunControl& control, LadderBench* out);
  // The rung's instance; a rung that cannot run here comes back unmeasured with the reason.
  Status measure_rung(const LadderKernel& kernel, Contender* out);
  Status measure_chapter6_tile(Contender* out);
  Status measure_cublas(bool tf32, Contender* out);
  const matmul::Reference& reference() const { return reference_; }
  TimingSource clock() const;

 private:
  Status measure(const std::function<Status()>& enqueue, double tolerance, Contender* out);
  Device* device_ = nullptr;
  RunControl* control_ = nullptr;
  int n_ = 0;
  matmul::Matrix a_, b_;
  matmul::Reference reference_;
  Buffer<float> device_a_, device_b_, device_c_;
  LadderScratch scratch_;  // rung 8's operand copies, kept between its timed launches
};

// What both steps ask first: n in range for this device, in words otherwise.
Status check_size(const Device& device, int n);

}  // namespace cudalab::lessons::ladder
