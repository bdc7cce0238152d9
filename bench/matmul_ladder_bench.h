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

#include "10_matmul_ladder/ladder.h"
#include "10_matmul_ladder/tuning.h"
#include "common/matmul/measure.h"
#include "cudalab/device.h"

namespace cudalab {

using lessons::ladder::LadderChoice;
using lessons::ladder::default_ladder_tuning_path;
using lessons::ladder::load_ladder_choice;

// Measures every instance at n × n × n, prints a table, saves the fastest right instance of each
// rung to `path`. Returns 0, or 1 when an instance was wrong or the file could not be written.
int tune_ladder(std::ostream& out, Device& device, int n, const std::filesystem::path& path, nlohmann::json* rows);

// The ladder's rows at n: chapter 6's 32 × 32 tiles, every rung, cuBLAS SGEMM and TF32, each
// checked against the float64 `reference` (measure.h) before its time is kept. Returns 0, or 1
// when a result was wrong or failed.
int ladder_rows(std::ostream& out, Device& device, const LadderChoice& choice, int n, const lessons::matmul::Matrix& a,
                const lessons::matmul::Matrix& b, const lessons::matmul::Reference& reference, nlohmann::json* rows);

}  // namespace cudalab
