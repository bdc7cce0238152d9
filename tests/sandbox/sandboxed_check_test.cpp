// A check through the real executable's sandboxed worker (`cudalab worker --sandbox`), as
// `cudalab check` and the exercise pane run one: the reference solution still passes inside the
// sandbox (the compiler finds what it needs, the emulator's threads survive the seal), the worker
// says which sandbox holds, and nothing of it is left once the client is gone.
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

#include "exercises/exercise.h"
#include "exercises/verdict.h"
#include "worker/worker_client.h"

namespace cudalab::app::worker {
namespace {

namespace ex = lessons::exercises;

struct Checked {
  ex::Verdict verdict;
  std::string line;
  pid_t pid = -1;
};

Checked check_solution(bool sandboxed) {
  Checked out;
  const ex::Exercise* exercise = ex::find_exercise("guard");
  EXPECT_NE(exercise, nullptr);
  WorkerClient client(CUDALAB_EXE, sandboxed);
  DeviceFacts facts;
  const Status opened = client.open({BackendRequest::emulator, 0}, nullptr, &facts);
  EXPECT_TRUE(opened.ok()) << opened.describe();
  lessons::RunControl control;
  const Run run = client.check("guard", std::string(exercise->solution()), control, std::chrono::seconds(60));
  out.verdict = ex::verdict_of_run(run, "guard");
  out.line = client.sandbox_line();
  out.pid = client.worker_pid();
  return out;  // the client ends its worker here
}

bool alive(pid_t pid) { return pid > 0 && ::kill(pid, 0) == 0; }

TEST(SandboxedCheck, TheSolutionPassesInsideTheNamespaces) {
  ::unsetenv("CUDALAB_SANDBOX_NAMESPACES");
  const Checked checked = check_solution(true);
  EXPECT_TRUE(checked.verdict.passed()) << checked.verdict.text();
  EXPECT_NE(checked.line.find("namespaces; new root"), std::string::npos) << checked.line;
  EXPECT_NE(checked.line.find("seccomp in the run phase"), std::string::npos) << checked.line;
  EXPECT_FALSE(alive(checked.pid)) << "the sandboxed worker outlived its client";
}

TEST(SandboxedCheck, TheSolutionPassesInTheFallback) {
  ::setenv("CUDALAB_SANDBOX_NAMESPACES", "0", 1);  // the worker inherits it; its check clears it
  const Checked checked = check_solution(true);
  ::unsetenv("CUDALAB_SANDBOX_NAMESPACES");
  EXPECT_TRUE(checked.verdict.passed()) << checked.verdict.text();
  EXPECT_NE(checked.line.find("namespaces turned off"), std::string::npos) << checked.line;
  EXPECT_NE(checked.line.find("seccomp in the run phase"), std::string::npos) << checked.line;
}

TEST(SandboxedCheck, ThePlainWorkerSaysNoSandbox) {
  const Checked checked = check_solution(false);
  EXPECT_TRUE(checked.verdict.passed()) << checked.verdict.text();
  EXPECT_EQ(checked.line, "");
}

}  // namespace
}  // namespace cudalab::app::worker
