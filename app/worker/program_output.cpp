#include "worker/program_output.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>

#include <fmt/format.h>

#include "cudalab/message_format.h"

namespace cudalab::app::worker {

Status ProgramOutput::start(std::function<void(std::string)> pass_on, std::size_t limit) {
  int ends[2];
  if (::pipe2(ends, O_CLOEXEC) != 0) return Status::error(StatusCode::io_error, message("could not make a pipe for the program's output"));
  std::fflush(stdout);
  std::fflush(stderr);
  pass_on_ = std::move(pass_on);
  limit_ = limit;
  saved_out_ = ::fcntl(1, F_DUPFD_CLOEXEC, 3);
  saved_err_ = ::fcntl(2, F_DUPFD_CLOEXEC, 3);
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // as on a terminal: a line of printf comes before a later line of stderr
  ::dup2(ends[1], 1);
  ::dup2(ends[1], 2);
  ::close(ends[1]);  // 1 and 2 hold the writing end now: the reader sees the end when both go back
  const int reading = ends[0];
  reader_ = std::thread([this, reading] { read_loop(reading); });
  return Status::success();
}

void ProgramOutput::read_loop(int fd) {
  char buffer[16384];
  bool told = false;
  while (true) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    const std::size_t count = static_cast<std::size_t>(n);
    const std::size_t room = seen_ < limit_ ? limit_ - seen_ : 0;
    seen_ += count;
    if (room > 0) pass_on_(std::string(buffer, std::min(room, count)));
    if (count > room && !told) {
      told = true;
      pass_on_(fmt::format("\n[… the rest of the output was left out: more than {} KiB]\n", limit_ >> 10));
    }
  }
  ::close(fd);
}

void ProgramOutput::finish() {
  if (!reader_.joinable()) return;
  std::cout.flush();
  std::cerr.flush();
  std::fflush(stdout);
  std::fflush(stderr);
  ::dup2(saved_out_, 1);
  ::dup2(saved_err_, 2);
  ::close(saved_out_);
  ::close(saved_err_);
  reader_.join();
}

}  // namespace cudalab::app::worker
