#pragma once
// The matmul ladder's part of `cudalab bench matmul` (lessons/10_matmul_ladder): each rung's
// TFLOP/s and share of cuBLAS (SGEMM, and TF32 on tensor cores) per size, and the autotuner
// (`--tune`) that sweeps every compiled tile shape once and saves the fastest per rung.
#include <filesystem>
#include <map>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "05_matmul/measure.h"
#include "10_matmul_ladder/ladder.h"
#include "cudalab/device.h"

namespace cudalab {

// Which instance each rung uses: the tuner's choice for this GPU, or the rung's first instance.
struct LadderChoice {
  std::map<lessons::ladder::Rung, const lessons::ladder::LadderKernel*> kernels;
  std::string source;  // in words: "tuned on NVIDIA H200 at n = 4096 (FILE)" / "defaults (...)"
  const lessons::ladder::LadderKernel* of(lessons::ladder::Rung rung) const;
};

// $XDG_CACHE_HOME/cudalab/matmul_ladder_tuning.json, or ~/.cache/cudalab/... when it is unset.
std::filesystem::path default_ladder_tuning_path();

// The choice saved at `path` when it was tuned on a device of this name; the defaults otherwise.
LadderChoice load_ladder_choice(const Device& device, const std::filesystem::path& path);

// Measures every instance at n × n × n, prints a table, saves the fastest right instance of each
// rung to `path`. Returns 0, or 1 when an instance was wrong or the file could not be written.
int tune_ladder(std::ostream& out, Device& device, int n, const std::filesystem::path& path, nlohmann::json* rows);

// The ladder's rows at n: chapter 6's 32 × 32 tiles, every rung, cuBLAS SGEMM and TF32, each
// checked against the float64 `reference` (measure.h) before its time is kept. Returns 0, or 1
// when a result was wrong or failed.
int ladder_rows(std::ostream& out, Device& device, const LadderChoice& choice, int n, const lessons::matmul::Matrix& a,
                const lessons::matmul::Matrix& b, const lessons::matmul::Reference& reference, nlohmann::json* rows);

}  // namespace cudalab
