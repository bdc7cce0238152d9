#pragma once
// Speed exercises (ExerciseKind::speed): right is not enough, the kernel must use memory as the
// chapter teaches. Graded two ways, each where it is true:
//   - on the emulator, by counting: one test runs with every access traced (probe.cuh's trace),
//     the accesses are grouped into the warp requests a GPU would issue, and the goals of the
//     exercise (SpeedGoal) are judged on what those requests asked of memory: 32-byte sectors of
//     a buffer, ways of a shared-memory bank, reads per output element. Emulated time is no GPU's
//     time, so it is never the measure;
//   - on a GPU, by time: the kernel and the solution, compiled as they are (without the probe),
//     run the timed test in turns, and the medians are compared.
// What was measured travels with the verdict (Verdict::speed); `cudalab check DIR` ranks a class
// by it.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "exercises/exercise.h"
#include "text/message.h"

namespace cudalab::lessons::exercises {

// What a speed check measured, lower is better.
struct SpeedResult {
  std::string measure;  // in English: "sectors per request (reads of a)", "GPU time (µs)"
  Message words;        // the same, said in the reader's language
  double value = 0;
  double goal = 0;       // at most
  double reference = 0;  // the solution's value where it was measured (a GPU's median time), else 0
  bool on_gpu = false;
};
nlohmann::json to_json(const SpeedResult& result);
bool from_json(const nlohmann::json& j, SpeedResult* out);

// One memory space of a traced test, reads or writes: a kernel parameter's buffer, or every
// __shared__ array together.
struct SpaceCounts {
  long long accesses = 0;  // single accesses by threads
  long long requests = 0;  // warp requests they group into
  long long sectors = 0;   // global: distinct 32-byte sectors, summed over requests
  long long ways = 0;      // shared: the busiest bank's distinct words, summed over requests
};

struct TraceCounts {
  std::vector<SpaceCounts> reads, writes;  // by parameter
  SpaceCounts shared;                      // every __shared__ array, reads and writes
  bool complete = true;                    // false: the record filled up, and accesses were dropped
};

// The trace as probe.cuh's trace::note writes it: `entries[0]` accesses noted, `entries[1]` the
// room, then two words an access. Accesses are grouped by (warp, the thread's access number,
// space, read or write): the lanes of a warp that went the same way made their k-th access with
// one instruction.
TraceCounts count_trace(std::span<const std::uint64_t> entries, long long threads_per_block, std::size_t params);

// The goal's measure on these counts, or nullopt when the trace cannot tell (what the goal is
// about was not traced: `problem` says why in words). `output_elements`: the output's size.
std::optional<double> measure(const SpeedGoal& goal, const Exercise& exercise, const TraceCounts& counts,
                              long long buffer_elements, long long output_elements, Message* problem);

// "Fast enough: 4.00 sectors per warp request (reads of a), the goal at most 4.50": a pass's line.
Message speed_line(const SpeedResult& result);

// "sectors per warp request (reads of a)", as the verdict and the leaderboard name it.
Message measure_words(const SpeedGoal& goal);

// How many accesses the trace has room for: a traced test is sized to fit.
constexpr std::size_t kTraceCapacity = std::size_t{1} << 21;

}  // namespace cudalab::lessons::exercises
