#pragma once
// The contenders of the race (chapter 6, step 4) and of `cudalab bench matmul`: the tutorial's
// six functions, the coalesced naive kernel, and cuBLAS where present. Each is measured the same
// way: its result checked against the float64 reference before any of its times is kept.
#include <functional>
#include <string>

#include "host_matmul.h"
#include "lesson.h"
#include "measure.h"

namespace cudalab::lessons::matmul {

// The numbers are saved in runs' JSON: a new contender goes at the end.
enum class Contender { cpu_loop, cpu_optimized, naive_row_from_x, naive_coalesced, shared_tiles, cublas, cpu_loop_unoptimized };

struct ContenderSpec {
  Contender contender = Contender::cpu_loop;
  int edge = 16;  // threads per block along x and y (naive kernels) or the tile edge (shared kernel)
};
// "cpu_mat_mul", "host_naive · mat_mul_naive_kernel (row from x), 16 × 16 threads", ...
std::string contender_name(const ContenderSpec& spec);
// Short, for chart labels: "CPU loop", "row = x", "tiles 16", "cuBLAS".
std::string contender_label(const ContenderSpec& spec);
// For a table's first column: "cpu_mat_mul", "host_naive, row from x", "host_optimized, 16 × 16 tiles".
std::string contender_short_name(const ContenderSpec& spec);
bool runs_on_device(Contender contender);  // false for the CPU functions
bool is_triple_loop(Contender contender);  // cpu_mat_mul, optimized by the compiler or not

struct ContenderResult {
  ContenderSpec spec;
  int n = 0;
  enum class Outcome { measured, wrong, skipped, cancelled, failed };
  Outcome outcome = Outcome::skipped;
  std::string note;     // why skipped or failed, how wrong, where it stopped
  Timing compute;       // the kernel alone, or the CPU function
  Timing with_copies{"", 0, TimingSource::host_clock, 0};  // device contenders: copies in, kernel, copy out
  double error = 0;     // relative to the reference (relative_error)
  double estimate_ms = 0;  // a triple loop stopped early: the whole loop's time at the pace it had
  double gflops() const;  // of `compute`, 0 unless measured
};
const char* to_string(ContenderResult::Outcome outcome);  // "measured", "wrong", ...

struct RaceInputs {
  int n = 0;
  const Matrix* a = nullptr;
  const Matrix* b = nullptr;
  const Reference* reference = nullptr;
};

// Measures one contender. `progress(fraction)` hears how far it is (the triple loop reports row
// by row; it may be empty). A cancel through `control` (may be null) stops it: the triple loop
// then keeps what it learnt (rows done, time so far) in the note.
ContenderResult measure_contender(Device& device, const ContenderSpec& spec, const RaceInputs& inputs,
                                  const RunControl* control, const std::function<void(double)>& progress = {});

}  // namespace cudalab::lessons::matmul
