#pragma once
// The worker's last words. When a kernel crashes the worker (a wild pointer on the emulator, an
// abort, a stack overflow), a signal handler writes one "fault" message on the channel naming the
// signal, the address and the step that was running, in English and as a message (its id and
// arguments, cudalab/message.h) for the app to say in the language it shows, then ends the process
// at once. The app shows it and starts a fresh worker for the next run. Only async-signal-safe
// calls inside.
namespace cudalab::app::worker {

void install_crash_report(int channel_fd);
// The step now running (`lesson_id` must stay valid until the next call), or null for none; a
// step of -1: a check of the exercise `lesson_id` names.
void crash_report_set_step(const char* lesson_id, int step);

// Kept for the SIGABRT report: the C library's assert failed (called by __assert_fail).
void record_failed_assert(const char* assertion, const char* file, unsigned line);

// Exit code of a worker that reported a crash.
constexpr int crashed_exit_code = 70;

}  // namespace cudalab::app::worker
