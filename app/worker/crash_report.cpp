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
// Set by __assert_fail just before it aborts: what failed, for the SIGABRT report (failed_assert).
std::atomic<bool> assert_failed{false};

// A fixed buffer and appenders: no allocation, no locale, nothing a signal handler may not call.
template <std::size_t N>
struct Text {
  char data[N];
  std::size_t size = 0;
  void add(const char* text) {
    for (; text != nullptr && *text != '\0' && size + 1 < sizeof data; ++text) {
      // The message goes inside a JSON string: keep it plain.
      data[size++] = (*text == '"' || *text == '\\' || static_cast<unsigned char>(*text) < 0x20) ? '\'' : *text;
    }
    data[size] = '\0';
  }
  void add_raw(const char* text) {  // JSON punctuation, not message text
    for (; *text != '\0' && size + 1 < sizeof data; ++text) data[size++] = *text;
    data[size] = '\0';
  }
  void add_number(std::uint64_t value, int base = 10) {
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
  void add_triple(const unsigned (&xyz)[3]) {
    add("(");
    for (int i = 0; i < 3; ++i) {
      if (i > 0) add(",");
      add_number(xyz[i]);
    }
    add(")");
  }
};

// What the handler says, as a message (cudalab/message.h): its id, the English fmt string, and its
// arguments, each a text or a message of its own. It is written twice into the fault report: in
// English, and as the message's JSON, which the app says in the language it shows.
struct Said {
  struct Argument {
    Text<600> text;
    bool words = false;  // a text the catalog says in Chinese too
    const Said* nested = nullptr;
  };
  static constexpr int kMostArguments = 6;
  const char* id = "";
  Argument args[kMostArguments];
  int count = 0;

  Text<600>& add(bool words = false) {
    Argument& argument = next();
    argument.words = words;
    return argument.text;
  }
  void add(const Said* nested) { next().nested = nested; }
  Argument& next() { return args[count < kMostArguments ? count++ : kMostArguments - 1]; }
  template <std::size_t N>
  void english(Text<N>* out) const {
    int next = 0;
    for (const char* c = id; *c != '\0'; ++c) {
      if (c[0] == '{' && c[1] == '}') {
        if (next < count) {
          const Argument& argument = args[next++];
          if (argument.nested != nullptr) argument.nested->english(out);
          else out->add(argument.text.data);
        }
        ++c;
      } else {
        const char one[2] = {*c, 0};
        out->add(one);
      }
    }
  }
  template <std::size_t N>
  void json(Text<N>* out) const {  // {"id": "...", "args": [["text", words, {nested}], ...]}
    out->add_raw("{\"id\":\"");
    out->add(id);
    out->add_raw("\",\"args\":[");
    for (int i = 0; i < count; ++i) {
      out->add_raw(i > 0 ? ",[\"" : "[\"");
      if (args[i].nested != nullptr) args[i].nested->english(out);
      else out->add(args[i].text.data);
      out->add_raw(args[i].words ? "\",true" : "\",false");
      if (args[i].nested != nullptr) {
        out->add_raw(",");
        args[i].nested->json(out);
      }
      out->add_raw("]");
    }
    out->add_raw("]}");
  }
};

// The C library's assert, as record_failed_assert() kept it.
struct FailedAssert {
  char assertion[512];
  char file[128];
  unsigned line = 0;
};
FailedAssert failed_assert;

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

// Which kernel, block and thread, and which buffer the address overran, when the emulator knows.
bool say_where(const void* address, Said* where) {
  EmulatedFault fault;
  if (!find_emulated_fault(address, &fault)) return false;
  using Near = EmulatedFault::Near;
  switch (fault.near) {
    case Near::nothing: where->id = "kernel {}, block {}, thread {}"; break;
    case Near::dynamic_shared:
      where->id = "kernel {}, block {}, thread {}: byte {} of dynamic shared memory (extern __shared__ {}[]), but the "
                  "launch asked for {} bytes";
      break;
    case Near::past_end: where->id = "kernel {}, block {}, thread {}: byte {} of a {}-byte device buffer, past its end"; break;
    case Near::before_start:
      where->id = "kernel {}, block {}, thread {}: {} bytes before the start of a {}-byte device buffer";
      break;
  }
  where->add().add(fault.kernel);
  where->add().add_triple(fault.block);
  where->add().add_triple(fault.thread);
  if (fault.near != Near::nothing) where->add().add_number(fault.offset);
  if (fault.near == Near::dynamic_shared) where->add().add(fault.shared_name);
  if (fault.near != Near::nothing) where->add().add_number(fault.bytes);
  return true;
}

void on_crash(int signal, siginfo_t* info, void*) {
  Said what, where;
  if (signal == SIGABRT && assert_failed.load()) {
    const bool located = say_where(nullptr, &where);
    what.id = located ? "assert({}) failed at {}:{}, in {}" : "assert({}) failed at {}:{}";
    what.add().add(failed_assert.assertion);
    what.add().add(failed_assert.file);
    what.add().add_number(failed_assert.line);
    if (located) what.add(&where);
  } else if ((signal == SIGSEGV || signal == SIGBUS) && info != nullptr) {
    // On the emulator, first what the student can act on: which kernel, block and thread, and
    // which buffer it overran; then the process-level fact.
    const bool located = say_where(info->si_addr, &where);
    what.id = located ? "{}. The worker process stopped on {} at address {}" : "the worker process stopped on {} at address {}";
    if (located) what.add(&where);
    what.add(true).add(signal_in_words(signal));
    what.add().add_number(reinterpret_cast<std::uintptr_t>(info->si_addr), 16);
  } else {
    what.id = "the worker process stopped on {}";
    what.add(true).add(signal_in_words(signal));
  }
  Said said;
  const Said* shown = &said;
  const char* lesson = running_lesson.load();
  if (lesson != nullptr && running_step.load() < 0) {
    said.id = "{}, while checking {}";  // a student's file for an exercise (crash_report.h)
    said.add(&what);
    said.add().add(lesson);
  } else if (lesson != nullptr) {
    said.id = "{}, while running {} step {}";
    said.add(&what);
    said.add().add(lesson);
    said.add().add_number(static_cast<std::uint64_t>(running_step.load() + 1));
  } else {
    shown = &what;
  }
  Text<8192> frame;
  frame.size = 4;  // length prefix, filled below
  frame.add_raw("{\"op\":\"fault\",\"message\":\"");
  shown->english(&frame);
  frame.add_raw("\",\"words\":");
  shown->json(&frame);
  frame.add_raw("}");
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
  const auto copy = [](char* to, std::size_t size, const char* from) {
    std::size_t n = 0;
    for (; from != nullptr && from[n] != '\0' && n + 1 < size; ++n) to[n] = from[n];
    to[n] = '\0';
  };
  copy(failed_assert.assertion, sizeof failed_assert.assertion, assertion);
  copy(failed_assert.file, sizeof failed_assert.file, base);
  failed_assert.line = line;
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
