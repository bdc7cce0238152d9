#include "worker/crash_report.h"

#include "cudalab/emu_fault.h"

#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <initializer_list>  // the range-for over signal numbers (GCC 14 wants it said)

namespace cudalab::app::worker {
namespace {

int channel = -1;
std::atomic<const char*> running_lesson{nullptr};
std::atomic<int> running_step{0};
// Set by __assert_fail just before it aborts: what failed, for the SIGABRT report.
char failed_assert[512];
std::atomic<bool> assert_failed{false};

// A fixed buffer and appenders: no allocation, no locale, nothing a signal handler may not call.
struct Text {
  char data[1024];
  std::size_t size = 0;
  void add(const char* text) {
    for (; text != nullptr && *text != '\0' && size + 1 < sizeof data; ++text) {
      // The message goes inside a JSON string: keep it plain.
      data[size++] = (*text == '"' || *text == '\\' || static_cast<unsigned char>(*text) < 0x20) ? '\'' : *text;
    }
  }
  void add_raw(const char* text) {  // JSON punctuation, not message text
    for (; *text != '\0' && size + 1 < sizeof data; ++text) data[size++] = *text;
  }
  void add_number(std::uint64_t value, int base) {
    char digits[32];
    int n = 0;
    do {
      digits[n++] = "0123456789abcdef"[value % static_cast<unsigned>(base)];
      value /= static_cast<unsigned>(base);
    } while (value != 0);
    if (base == 16) add("0x");
    char one[2] = {0, 0};
    while (n > 0) {
      one[0] = digits[--n];
      add(one);
    }
  }
};

const char* signal_in_words(int signal) {
  switch (signal) {
    case SIGSEGV: return "a segmentation fault (an access to memory it does not own)";
    case SIGBUS: return "a bus error (an access to memory that cannot be reached)";
    case SIGFPE: return "an arithmetic exception (an integer division by zero?)";
    case SIGILL: return "an illegal instruction";
    case SIGABRT: return "an abort (a failed assert or a fatal library error)";
    case SIGTRAP: return "a trap";
    default: return "a fatal signal";
  }
}

void on_crash(int signal, siginfo_t* info, void*) {
  Text message;
  char where[400];
  if (signal == SIGABRT && assert_failed.load()) {
    message.add(failed_assert);
    if (describe_emulated_fault(nullptr, where, sizeof where)) {
      message.add(", in ");
      message.add(where);
    }
  } else if ((signal == SIGSEGV || signal == SIGBUS) && info != nullptr) {
    // On the emulator, first what the student can act on: which kernel, block and thread, and
    // which buffer it overran; then the process-level fact.
    const bool described = describe_emulated_fault(info->si_addr, where, sizeof where);
    if (described) {
      message.add(where);
      message.add(". ");
    }
    message.add(described ? "The worker process stopped on " : "the worker process stopped on ");
    message.add(signal_in_words(signal));
    message.add(" at address ");
    message.add_number(reinterpret_cast<std::uintptr_t>(info->si_addr), 16);
  } else {
    message.add("the worker process stopped on ");
    message.add(signal_in_words(signal));
  }
  if (const char* lesson = running_lesson.load(); lesson != nullptr && running_step.load() < 0) {
    message.add(", while checking ");  // a student's file for an exercise (crash_report.h)
    message.add(lesson);
  } else if (lesson != nullptr) {
    message.add(", while running ");
    message.add(lesson);
    message.add(" step ");
    message.add_number(static_cast<std::uint64_t>(running_step.load() + 1), 10);
  }
  Text frame;
  frame.size = 4;  // length prefix, filled below
  frame.add_raw("{\"op\":\"fault\",\"message\":\"");
  // `message` was already made JSON-safe; copy it as is.
  for (std::size_t i = 0; i < message.size && frame.size + 3 < sizeof frame.data; ++i) frame.data[frame.size++] = message.data[i];
  frame.data[frame.size++] = '"';
  frame.data[frame.size++] = '}';
  const auto body = static_cast<std::uint32_t>(frame.size - 4);
  for (int i = 0; i < 4; ++i) frame.data[i] = static_cast<char>((body >> (8 * i)) & 0xff);
  if (channel >= 0) (void)::send(channel, frame.data, frame.size, MSG_NOSIGNAL);
  ::_exit(crashed_exit_code);
}

}  // namespace

void record_failed_assert(const char* assertion, const char* file, unsigned line) {
  const char* base = file;
  for (const char* p = file; p != nullptr && *p != '\0'; ++p)
    if (*p == '/') base = p + 1;
  Text text;
  text.add("assert(");
  text.add(assertion);
  text.add(") failed at ");
  text.add(base);
  text.add(":");
  text.add_number(line, 10);
  const std::size_t size = text.size < sizeof failed_assert ? text.size : sizeof failed_assert - 1;
  std::memcpy(failed_assert, text.data, size);
  failed_assert[size] = '\0';
  assert_failed = true;
}

void install_crash_report(int channel_fd) {
  channel = channel_fd;
  // An alternate stack for this thread, so a stack overflow can still be reported from it.
  static char alternate_stack[64 * 1024];
  stack_t stack{};
  stack.ss_sp = alternate_stack;
  stack.ss_size = sizeof alternate_stack;
  ::sigaltstack(&stack, nullptr);
  struct sigaction action {};
  action.sa_sigaction = &on_crash;
  action.sa_flags = SA_SIGINFO | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP}) ::sigaction(signal, &action, nullptr);
}

void crash_report_set_step(const char* lesson_id, int step) {
  running_step = step;
  running_lesson = lesson_id;
}

}  // namespace cudalab::app::worker

// The C library's assert calls this. A kernel file may include <cassert> after the emulator's
// header (which has an assert of its own that ends only the launch), and then its assert comes
// here. Aborting is still what happens — it must not return and may not throw — but the abort's
// report now names the assert and its line, and in the worker only the worker ends.
extern "C" [[noreturn]] void __assert_fail(const char* assertion, const char* file, unsigned int line,
                                           const char* function) noexcept {
  cudalab::app::worker::record_failed_assert(assertion, file, line);
  // What the C library would print, for a terminal (and for an assert outside any worker).
  const char* parts[] = {file, ": ", function, ": Assertion `", assertion, "' failed.\n"};
  for (const char* part : parts)
    if (part != nullptr) (void)!::write(2, part, std::strlen(part));
  std::abort();
}
