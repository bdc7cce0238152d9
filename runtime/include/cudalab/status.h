#pragma once
// Status: the one error type of the runtime. Nothing in CUDA Lab calls exit() or abort() on a
// device error; every failure travels up as a Status that the UI and the CLI show in words.
#include <string>

#include "cudalab/message.h"

namespace cudalab {

enum class StatusCode {
  ok,
  invalid_config,     // a launch configuration the device cannot run (names the limit)
  invalid_argument,   // bad parameter from a user or a caller
  out_of_memory,      // allocation larger than the free memory
  no_device,          // no backend of the asked kind
  launch_failed,      // the launch itself was refused by the driver
  kernel_fault,       // the kernel faulted (illegal address, trap...); sticky on a GPU
  divergent_barrier,  // emulator: __syncthreads() not reached by every thread of a block
  timeout,            // a kernel ran past its allowed time
  unsupported,        // a feature this backend does not provide
  io_error,           // files
  cancelled,          // the user stopped it
  internal,
};

const char* to_string(StatusCode code);

struct Status {
  StatusCode code = StatusCode::ok;
  std::string message;     // for the student: what went wrong, in words (English)
  Message words;           // the same as id and arguments, when message() made it: said in the
                           // language it is shown in (empty: older text, shown through the app's tables)
  std::string expression;  // the call that failed, when there is one ("cudaMalloc(&p, bytes)")
  std::string file;
  int line = 0;
  bool device_was_reset = false;  // a sticky GPU error forced a reset: buffers were lost

  bool ok() const { return code == StatusCode::ok; }
  explicit operator bool() const { return ok(); }

  static Status success() { return {}; }
  static Status error(StatusCode code, std::string message) {
    Status s;
    s.code = code;
    s.message = std::move(message);
    return s;
  }
  static Status error(StatusCode code, Message words) {
    Status s;
    s.code = code;
    s.message = words.english();
    s.words = std::move(words);
    return s;
  }
  // Says it anew in `words` (English and words together): what a caller adds to a status goes into
  // a message that holds the old one, so that neither language loses it.
  Status& reword(Message new_words) {
    message = new_words.english();
    words = std::move(new_words);
    return *this;
  }
  Status& at(std::string expr, std::string in_file, int in_line) {
    expression = std::move(expr);
    file = std::move(in_file);
    line = in_line;
    return *this;
  }
  // What went wrong as a Message: its words, or its English text when it has none.
  Message words_or_text() const { return words.empty() ? Message::text(message) : words; }
  // One line: "message (expression at file:line)".
  std::string describe() const;
};

}  // namespace cudalab

// Propagate a failing Status from an expression that yields one.
#define CUDALAB_RETURN_IF_ERROR(expr)                \
  do {                                               \
    if (::cudalab::Status cudalab_s_ = (expr); !cudalab_s_.ok()) return cudalab_s_; \
  } while (0)
