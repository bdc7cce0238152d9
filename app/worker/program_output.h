#pragma once
// What a whole program run by a worker (`cudalab exec`) prints on stdout and stderr: caught in a
// pipe and handed on as it comes, in the order it was written, up to a limit (a program that
// floods its output costs its time limit, not the app's memory).
#include <cstddef>
#include <functional>
#include <string>
#include <thread>

#include "cudalab/status.h"

namespace cudalab::app::worker {

class ProgramOutput {
 public:
  ~ProgramOutput() { finish(); }
  // Points fds 1 and 2 into a pipe whose reader thread hands each piece to `pass_on`: at most
  // `limit` bytes in all, then one line saying the rest was left out. Call it before the sandbox's
  // seal (it starts a thread).
  Status start(std::function<void(std::string)> pass_on, std::size_t limit);
  // Flushes C and C++ streams, gives fds 1 and 2 back and waits until the reader has passed on
  // everything. Safe to call twice, and from a handler that runs at exit().
  void finish();
  std::size_t bytes_seen() const { return seen_; }

 private:
  void read_loop(int fd);

  std::function<void(std::string)> pass_on_;
  std::size_t limit_ = 0;
  std::size_t seen_ = 0;
  int saved_out_ = -1, saved_err_ = -1;
  std::thread reader_;
};

}  // namespace cudalab::app::worker
