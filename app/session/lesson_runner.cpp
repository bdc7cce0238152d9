#include "session/lesson_runner.h"

#include <chrono>
#include <exception>

#include "cudalab/message_format.h"
#include "exercises/exercise.h"
#include "run_checks.h"

namespace cudalab::app {

RunnerServices RunnerServices::real(std::string worker_executable) {
  RunnerServices services;
  services.make_host = [worker_executable] { return worker::make_worker_host(worker_executable); };
  return services;
}

LessonRunner::LessonRunner(const std::vector<std::unique_ptr<lessons::Lesson>>* lessons, RunnerServices services)
    : lessons_(lessons),
      wake_ui_(services.wake_ui),
      host_(services.make_host ? services.make_host()
                               : worker::make_in_process_host(std::move(services.list_backends), std::move(services.open_device))) {}

LessonRunner::~LessonRunner() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    pending_request_.reset();
    if (running_control_) running_control_->cancel = true;
    // Quitting mid-run: the worker is killed, not waited for. Under the lock, because the runner
    // thread drops host_ once it sees stop_.
    if (host_) host_->abandon();
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void LessonRunner::start(BackendSelection initial) {
  {
    std::lock_guard lock(mutex_);
    pending_backend_ = initial;
  }
  thread_ = std::thread([this] { loop(); });
}

void LessonRunner::switch_backend(BackendSelection selection) {
  {
    std::lock_guard lock(mutex_);
    pending_backend_ = selection;
    if (running_control_) running_control_->cancel = true;  // the old device is going away
  }
  wake_.notify_all();
}

std::uint64_t LessonRunner::submit(Request request) {
  std::uint64_t id = 0;
  {
    std::lock_guard lock(mutex_);
    id = ++next_id_;
    pending_request_.emplace(id, std::move(request));
  }
  wake_.notify_all();
  return id;
}

void LessonRunner::cancel() {
  std::lock_guard lock(mutex_);
  pending_request_.reset();
  if (running_control_) running_control_->cancel = true;
}

bool LessonRunner::busy() const {
  std::lock_guard lock(mutex_);
  return pending_request_.has_value() || running_control_ != nullptr || pending_backend_.has_value();
}

float LessonRunner::progress() const {
  std::lock_guard lock(mutex_);
  return running_control_ ? running_control_->progress.load() : 0.f;
}

std::uint64_t LessonRunner::last_submitted() const {
  std::lock_guard lock(mutex_);
  return next_id_;
}

std::optional<LessonRunner::Outcome> LessonRunner::take_outcome() {
  std::lock_guard lock(mutex_);
  std::optional<Outcome> taken = std::move(outcome_);
  outcome_.reset();
  if (taken) {
    partial_.reset();  // the finished run supersedes whatever it published on the way
  } else {
    taken = std::move(partial_);
    partial_.reset();
  }
  return taken;
}

std::vector<LessonRunner::BackendEvent> LessonRunner::take_backend_events() {
  std::lock_guard lock(mutex_);
  std::vector<BackendEvent> taken = std::move(backend_events_);
  backend_events_.clear();
  return taken;
}

void LessonRunner::wake_ui() const {
  if (wake_ui_) wake_ui_();
}

void LessonRunner::open_backend(BackendSelection selection, bool list_choices) {
  BackendEvent event;
  // Listing initialises CUDA (hundreds of ms on a GPU machine): here, never on the UI thread.
  event.status = host_->open({selection.request, selection.gpu_index}, list_choices ? &event.choices : nullptr, &event.facts);
  event.has_choices = list_choices;
  backend_open_ = event.status.ok();
  {
    std::lock_guard lock(mutex_);
    backend_events_.push_back(std::move(event));
  }
  wake_ui();
}

LessonRunner::Outcome LessonRunner::execute(std::uint64_t id, const Request& request, lessons::RunControl& control) {
  Outcome outcome;
  outcome.id = id;
  outcome.chapter = request.chapter;
  outcome.step = request.step;
  // The whole request, partial pictures included, speaks one language even if the app switches
  // meanwhile; the shell builds the views again in the new one (AppShell::frame()).
  outcome.language = lessons::speaking();
  const lessons::SpeakIn speak(outcome.language);
  const auto started = std::chrono::steady_clock::now();
  if (!request.exercise.empty()) {
    const lessons::exercises::Exercise* exercise = lessons::exercises::find_exercise(request.exercise);
    const double seconds = exercise != nullptr ? exercise->time_limit_seconds : lessons::default_time_limit_seconds;
    if (!backend_open_) {
      outcome.run.status = Status::error(StatusCode::no_device,
                                         message("no backend is open (see the console); pick one in the status bar"));
    } else {
      outcome.run = host_->check(request.exercise, request.source, control,
                                 std::chrono::milliseconds(static_cast<long long>(seconds * 1000)));
    }
  } else if (request.chapter < 0 || request.chapter >= static_cast<int>(lessons_->size())) {
    outcome.run.status = Status::error(StatusCode::invalid_argument, message("no such chapter"));
  } else if (!backend_open_) {
    outcome.run.status = Status::error(StatusCode::no_device,
                                       message("no backend is open (see the console); pick one in the status bar"));
  } else {
    lessons::Lesson& lesson = *(*lessons_)[static_cast<std::size_t>(request.chapter)];
    // Lessons report errors in run.status; an exception escaping one is still shown, not fatal.
    // Partial runs get their views here too, on the runner thread, never on the UI thread.
    control.on_partial = [&](const Run& partial_run) {
      Outcome partial;
      partial.id = id;
      partial.chapter = request.chapter;
      partial.step = request.step;
      partial.partial = true;
      partial.language = outcome.language;
      partial.run = partial_run;
      const lessons::SpeakIn speak(partial.language);  // also when the host calls back inside its run
      if (Status drawn = lessons::views_of(lesson, request.step, partial.run, &partial.views); !drawn.ok())
        partial.run.status = drawn;
      partial.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      {
        std::lock_guard lock(mutex_);
        partial_ = std::move(partial);
      }
      wake_ui();
    };
    outcome.run = host_->run(lesson, request.chapter, request.step, request.values, control,
                             worker::time_limit_of(lesson, request.step));
    if (Status drawn = lessons::views_of(lesson, request.step, outcome.run, &outcome.views); !drawn.ok())
      outcome.run.status = Status::error(StatusCode::internal, message("the lesson's pictures failed: {}", drawn.words_or_text()));
  }
  outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return outcome;
}

void LessonRunner::loop() {
  bool first_backend = true;
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stop_ || pending_backend_.has_value() || pending_request_.has_value(); });
    if (stop_) break;
    if (pending_backend_) {
      const BackendSelection selection = *pending_backend_;
      pending_backend_.reset();
      lock.unlock();
      open_backend(selection, first_backend);
      first_backend = false;
      lock.lock();
      continue;
    }
    auto [id, request] = std::move(*pending_request_);
    pending_request_.reset();
    auto control = std::make_shared<lessons::RunControl>();
    running_control_ = control;
    lock.unlock();
    Outcome outcome = execute(id, request, *control);
    lock.lock();
    running_control_.reset();
    outcome_ = std::move(outcome);
    lock.unlock();
    wake_ui();
    lock.lock();
  }
  lock.unlock();
  host_.reset();  // the device (or the worker that owns it) is closed on the thread that opened it
}

}  // namespace cudalab::app
