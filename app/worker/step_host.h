#pragma once
// Where a lesson step runs. The app and the CLI run every step through a StepHost; the real one
// is a worker process (worker_client.h), because a kernel can hang, crash or write anywhere and
// only a process boundary stops all three on both backends (ARCHITECTURE.md, "The worker process").
// The in-process host keeps the runner's own tests free of processes and of the cudalab binary.
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cudalab/device.h"
#include "cudalab/run.h"
#include "lesson.h"
#include "worker/worker_client.h"

namespace cudalab::app::worker {

class StepHost {
 public:
  virtual ~StepHost() = default;
  // Opens a backend for the runs that follow; `choices` (optional) gets every backend here.
  virtual Status open(BackendOpening opening, std::vector<BackendChoice>* choices, DeviceFacts* facts) = 0;
  // Runs one step of `lesson` (chapter number `chapter`); never throws; stops within about a
  // second of control.cancel or the time limit, saying so in run.status.
  virtual Run run(lessons::Lesson& lesson, int chapter, int step, const lessons::ParamValues& values,
                  lessons::RunControl& control, std::chrono::milliseconds time_limit) = 0;
  // Checks a student's kernel for `exercise` (lessons/exercises); the Run carries the verdict in
  // results["verdict"], or says in its status why there is none (stopped at the time limit, crashed).
  virtual Run check(const std::string& exercise, const std::string& source, lessons::RunControl& control,
                    std::chrono::milliseconds time_limit) = 0;
  // Any thread: the app is quitting; stop whatever runs at once.
  virtual void abandon() {}
  // The open device when it lives in this process (the in-process host, inside the worker); null otherwise.
  virtual Device* device() { return nullptr; }
};

using ListBackends = std::function<std::vector<BackendChoice>()>;
using OpenDevice = std::function<Status(BackendRequest, int gpu_index, std::unique_ptr<Device>*)>;

// Runs steps on a Device in this process: inside the worker process, and in tests. Time limits
// are not enforced: nothing in a process can stop a kernel that runs in it. A run during which
// the device was reset says so (run.status.device_was_reset).
std::unique_ptr<StepHost> make_in_process_host(ListBackends list_backends, OpenDevice open_device);
// Runs steps in a `cudalab worker` process (`executable`: "" = this process's own executable).
std::unique_ptr<StepHost> make_worker_host(std::string executable = "");

// The time limit of `step` of `lesson`, or `override_seconds` when that is > 0.
std::chrono::milliseconds time_limit_of(const lessons::Lesson& lesson, int step, double override_seconds = 0);

}  // namespace cudalab::app::worker
