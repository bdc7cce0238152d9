#pragma once
// Shared by the worker tests: a WorkerClient on the real executable with the fault drills listed,
// and the drills' step by name.
#include <cstdlib>
#include <string>

#include "lesson.h"
#include "worker/worker_client.h"

namespace cudalab::app::worker::drills {

// The drills chapter is listed only with CUDALAB_FAULT_DRILLS=1; the worker inherits it.
inline int fault_drills_chapter() {
  ::setenv("CUDALAB_FAULT_DRILLS", "1", 1);
  const auto lessons = lessons::make_lessons();
  for (std::size_t i = 0; i < lessons.size(); ++i)
    if (lessons[i]->id() == "faults") return static_cast<int>(i);
  return -1;
}

// The index of each `fault` choice (lessons/99_fault_drills).
enum Drill { nothing, hang, trap, write_past, read_past, shared_overrun, failing_assert, divergent_barrier };

inline lessons::ParamValues drill(Drill which, int past_end = 1) {
  return {{"fault", static_cast<double>(which)}, {"past_end", static_cast<double>(past_end)}};
}

}  // namespace cudalab::app::worker::drills
