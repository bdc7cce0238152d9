#pragma once
// `cudalab record --out DIR`: every step of every chapter at its default values, run on a real GPU
// and saved as Run files (DIR/<chapter>-<step>.json) with DIR/recording.json naming the GPU, its
// driver, the date and CUDA Lab's version. A folder recorded on the classroom's GPU machine, handed
// to students (`cudalab --recordings DIR`), shows the GPU's pictures and timings beside their
// emulator's; the app ships one made on an H200 (assets/recordings/).
#include <iosfwd>
#include <string>

#include "cudalab/device.h"

namespace cudalab::app {

struct RecordOptions {
  std::string out_dir;
  BackendRequest backend = BackendRequest::gpu;  // emu only on request (tests of the mechanism)
  std::string only_chapter;                      // "" = every chapter
};

// Returns the exit code: 0 every step recorded, 1 some step failed (its file says why), 2 bad use
// (no GPU when one is needed, a folder that cannot be written).
int run_record(std::ostream& out, const RecordOptions& options);

}  // namespace cudalab::app
