#pragma once
// Shared by the worker tests: a WorkerClient on the real executable with the fault drills listed,
// and the drills' step by name.
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>

#include <vector>

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

// One row of the fault table: the drill's verdict, how long it took, and whether (and how fast)
// the next run worked. `kill_after` > 0: the worker is killed that long into the run instead.
struct DrillRow {
  std::string name;
  StatusCode code = StatusCode::ok;
  double verdict_seconds = 0, recovery_seconds = 0;
  bool next_ok = false;
  std::string message;
  Message words;  // the status's words, to be said in the language shown
};

inline DrillRow drill_row(WorkerClient& client, int chapter, const char* name, Drill which, int past_end,
                          std::chrono::milliseconds limit, std::chrono::milliseconds kill_after = {}) {
  using Clock = std::chrono::steady_clock;
  DrillRow row;
  row.name = name;
  lessons::RunControl control;
  std::thread killer;
  if (kill_after.count() > 0) {
    killer = std::thread([&] {
      std::this_thread::sleep_for(kill_after);
      if (client.worker_pid() > 0) ::kill(client.worker_pid(), SIGKILL);
    });
  }
  auto started = Clock::now();
  const cudalab::Run bad = client.run(chapter, 0, drill(which, past_end), control, limit);
  row.verdict_seconds = std::chrono::duration<double>(Clock::now() - started).count();
  if (killer.joinable()) killer.join();
  row.code = bad.status.code;
  row.message = bad.status.message;
  row.words = bad.status.words;
  lessons::RunControl again;
  started = Clock::now();
  const cudalab::Run next = client.run(chapter, 0, drill(nothing), again, std::chrono::seconds(60));
  row.recovery_seconds = std::chrono::duration<double>(Clock::now() - started).count();
  row.next_ok = next.status.ok();
  return row;
}

inline void print_drill_table(const char* backend, const std::vector<DrillRow>& rows) {
  std::printf("\n| fault (%s) | outcome | to verdict s | next run | next run s |\n|---|---|---|---|---|\n", backend);
  for (const DrillRow& row : rows)
    std::printf("| %s | %s | %.2f | %s | %.2f |\n", row.name.c_str(), to_string(row.code), row.verdict_seconds,
                row.next_ok ? "ok" : "FAILED", row.recovery_seconds);
  for (const DrillRow& row : rows) std::printf("  %s: %s\n", row.name.c_str(), row.message.substr(0, 300).c_str());
}

}  // namespace cudalab::app::worker::drills
