#include "worker/step_host.h"

#include <exception>
#include <mutex>

#include "exercises/checker.h"
#include "text/say.h"
#include "worker/sandboxed_check.h"

namespace cudalab::app::worker {
namespace {

class InProcessHost final : public StepHost {
 public:
  InProcessHost(ListBackends list_backends, OpenDevice open_device)
      : list_backends_(std::move(list_backends)), open_device_(std::move(open_device)) {}

  Status open(BackendOpening opening, std::vector<BackendChoice>* choices, DeviceFacts* facts) override {
    if (choices != nullptr) *choices = list_backends_();
    device_.reset();  // close the old device before opening the next (one CUDA context at a time)
    std::unique_ptr<Device> device;
    Status status = open_device_(opening.request, opening.gpu_index, &device);
    if (status.ok() && device == nullptr) status = Status::error(StatusCode::internal, "the backend opened without a device");
    if (status.ok()) {
      *facts = device->facts();
      device_ = std::move(device);
    }
    return status;
  }

  Run run(lessons::Lesson& lesson, int, int step, const lessons::ParamValues& values, lessons::RunControl& control,
          std::chrono::milliseconds) override {
    Run run;
    if (device_ == nullptr) {
      run.status = Status::error(StatusCode::no_device, "no backend is open (see the console); pick one in the status bar");
      return run;
    }
    const std::uint64_t generation = device_->generation();
    // A Run is data, in English whatever the app speaks (it is saved, recorded, compared); the
    // views made from it speak the app's language (lessons/text/say.h).
    // What it says with arguments travels beside it as messages, to be said in that language.
    const lessons::SpeakIn english(lessons::Language::en);
    lessons::text::KeepMessages kept;
    // Lessons report errors in run.status; an exception escaping one is still shown, not fatal.
    try {
      run = lesson.run(step, values, *device_, control);
      run.messages = kept.take();
    } catch (const std::exception& error) {
      run.status = Status::error(StatusCode::internal, std::string("the lesson failed: ") + error.what());
    } catch (...) {
      run.status = Status::error(StatusCode::internal, "the lesson failed with an unknown exception");
    }
    // A lesson may swallow the failing call's status; the device's generation still tells.
    if (device_->generation() != generation) run.status.device_was_reset = true;
    return run;
  }

  Device* device() override { return device_.get(); }

  Run check(const std::string& exercise, const std::string& source, lessons::RunControl&,
            std::chrono::milliseconds) override {
    return lessons::exercises::check_as_run(exercise, source, device_.get());
  }

 private:
  ListBackends list_backends_;
  OpenDevice open_device_;
  std::unique_ptr<Device> device_;
};

class WorkerHost final : public StepHost {
 public:
  explicit WorkerHost(std::string executable) : executable_(executable), client_(std::move(executable)) {}

  Status open(BackendOpening opening, std::vector<BackendChoice>* choices, DeviceFacts* facts) override {
    const Status status = client_.open(opening, choices, facts);
    facts_ = *facts;
    opening_ = opening;
    return status;
  }
  Run run(lessons::Lesson& lesson, int chapter, int step, const lessons::ParamValues& values, lessons::RunControl& control,
          std::chrono::milliseconds time_limit) override {
    Run run = client_.run(chapter, step, values, control, time_limit);
    if (run.lesson.empty()) {
      // Stopped before it said anything (killed, crashed): the run still says what was asked, where.
      const Status status = std::move(run.status);
      lessons::begin_run(&run, lesson, step, values, facts_);
      run.status = status;
    }
    return run;
  }
  // A student's file runs in fresh sandboxed workers (sandboxed_check.h), never in the warm one
  // the lessons use: they open the same backend (a GPU pass is checked again on the emulator),
  // check, and end with all the submission started.
  Run check(const std::string& exercise, const std::string& source, lessons::RunControl& control,
            std::chrono::milliseconds time_limit) override {
    CheckRequest request{executable_, opening_, exercise, source, time_limit, {}};
    Run run = check_in_sandbox(request, control, [&](WorkerClient* client) {
      std::lock_guard lock(checking_mutex_);
      if (client != nullptr && abandoned_) client->abandon();
      checking_ = client;
    });
    if (run.device.name.empty()) run.device = facts_;
    return run;
  }
  void abandon() override {
    client_.abandon();
    std::lock_guard lock(checking_mutex_);
    abandoned_ = true;
    if (checking_ != nullptr) checking_->abandon();
  }

 private:
  std::string executable_;
  WorkerClient client_;  // the warm worker of the lessons' steps
  DeviceFacts facts_;    // of the backend last opened
  BackendOpening opening_;
  std::mutex checking_mutex_;  // abandon() comes from another thread
  WorkerClient* checking_ = nullptr;
  bool abandoned_ = false;
};

}  // namespace

std::unique_ptr<StepHost> make_in_process_host(ListBackends list_backends, OpenDevice open_device) {
  return std::make_unique<InProcessHost>(std::move(list_backends), std::move(open_device));
}

std::unique_ptr<StepHost> make_worker_host(std::string executable) {
  return std::make_unique<WorkerHost>(std::move(executable));
}

std::chrono::milliseconds time_limit_of(const lessons::Lesson& lesson, int step, double override_seconds) {
  double seconds = override_seconds;
  if (seconds <= 0) {
    const auto steps = lesson.steps();
    seconds = step >= 0 && step < static_cast<int>(steps.size()) ? steps[static_cast<std::size_t>(step)].time_limit_seconds
                                                                 : lessons::default_time_limit_seconds;
  }
  return std::chrono::milliseconds(static_cast<long long>(seconds * 1000));
}

}  // namespace cudalab::app::worker
