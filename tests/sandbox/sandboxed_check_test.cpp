// A check through the real executable's sandboxed worker (`cudalab worker --sandbox`), as
// `cudalab check` and the exercise pane run one: the reference solution still passes inside the
// sandbox (the compiler finds what it needs, the emulator's threads survive the seal), the worker
// says which sandbox holds, and nothing of it is left once the client is gone.
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "exercises/exercise.h"
#include "namespaces_here.h"
#include "exercises/verdict.h"
#include "worker/step_host.h"
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

// Running (not gone, not a zombie waiting for its parent).
bool running(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (pid <= 0 || !std::getline(stat, text)) return false;
  const auto state = text.find(") ");
  return state != std::string::npos && text[state + 2] != 'Z';
}

TEST(SandboxedCheck, TheSolutionPassesInsideTheNamespaces) {
  if (std::string why; !sandbox::user_namespaces_here(&why)) GTEST_SKIP() << why;
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

// A kernel that never ends: the time limit ends the supervisor and the worker under it, in both
// modes (the supervisor's SIGTERM path, then SIGKILL of its group if it does not answer).
TEST(SandboxedCheck, TheTimeLimitEndsTheWholeSandbox) {
  for (const char* namespaces : {"1", "0"}) {
    ::setenv("CUDALAB_SANDBOX_NAMESPACES", namespaces, 1);
    WorkerClient client(CUDALAB_EXE, true);
    DeviceFacts facts;
    ASSERT_TRUE(client.open({BackendRequest::emulator, 0}, nullptr, &facts).ok());
    const pid_t supervisor = client.worker_pid();
    std::ifstream children("/proc/" + std::to_string(supervisor) + "/task/" + std::to_string(supervisor) + "/children");
    pid_t worker = -1;
    children >> worker;
    EXPECT_TRUE(running(worker)) << "namespaces=" << namespaces;
    lessons::RunControl control;
    const std::string hang = "__global__ void add_ten(const float* a, float* out, int n) {\n"
                             "  volatile int spin = 1;\n  while (spin) {}\n}\n";
    const cudalab::Run run = client.check("guard", hang, control, std::chrono::seconds(2));
    EXPECT_EQ(run.status.code, StatusCode::timeout) << run.status.describe();
    for (int i = 0; i < 100 && (running(supervisor) || running(worker)); ++i) ::usleep(10'000);
    EXPECT_FALSE(running(supervisor)) << "namespaces=" << namespaces;
    EXPECT_FALSE(running(worker)) << "namespaces=" << namespaces;
  }
  ::unsetenv("CUDALAB_SANDBOX_NAMESPACES");
}

// The app's exercise pane checks through its StepHost: a fresh sandboxed worker per check, whose
// line the Run carries for the console, while lesson steps keep the warm worker.
TEST(SandboxedCheck, TheAppsHostChecksInAFreshSandboxedWorker) {
  ::unsetenv("CUDALAB_SANDBOX_NAMESPACES");
  auto host = make_worker_host(CUDALAB_EXE);
  DeviceFacts facts;
  ASSERT_TRUE(host->open({BackendRequest::emulator, 0}, nullptr, &facts).ok());
  lessons::RunControl control;
  const cudalab::Run run = host->check("guard", std::string(ex::find_exercise("guard")->solution()), control, std::chrono::seconds(60));
  EXPECT_TRUE(ex::verdict_of_run(run, "guard").passed());
  ASSERT_TRUE(run.results.contains("sandbox"));
  EXPECT_NE(run.results["sandbox"].get<std::string>().find("Sandbox: "), std::string::npos);
  EXPECT_EQ(run.lesson, "exercise:guard");
}

}  // namespace
}  // namespace cudalab::app::worker
