#include "worker/protocol.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace cudalab::app::worker {

bool write_message(int fd, const nlohmann::json& message) {
  // replace: a kernel's printf may hold invalid UTF-8; the message must still go.
  const std::string body = message.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string frame(4, '\0');
  const auto size = static_cast<std::uint32_t>(body.size());
  for (int i = 0; i < 4; ++i) frame[static_cast<std::size_t>(i)] = static_cast<char>((size >> (8 * i)) & 0xff);
  frame += body;
  std::size_t sent = 0;
  while (sent < frame.size()) {
    // MSG_NOSIGNAL: a closed peer is an answer (false), not a SIGPIPE that kills this process.
    const ssize_t n = ::send(fd, frame.data() + sent, frame.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

bool MessageReader::take_buffered(nlohmann::json* out, bool* corrupt) {
  if (buffer_.size() < 4) return false;
  std::uint32_t size = 0;
  for (int i = 0; i < 4; ++i) size |= static_cast<std::uint32_t>(static_cast<unsigned char>(buffer_[static_cast<std::size_t>(i)])) << (8 * i);
  if (size > max_message_bytes) {
    *corrupt = true;
    return false;
  }
  if (buffer_.size() < 4 + static_cast<std::size_t>(size)) return false;
  // Nested deeper than any message of ours: refused while parsing, before it is built (a worker
  // that ran a student's code may send anything; a value 10^6 levels deep exhausts the stack of
  // whatever walks it).
  bool too_deep = false;
  *out = nlohmann::json::parse(
      buffer_.begin() + 4, buffer_.begin() + 4 + size,
      [&too_deep](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
        if (depth > max_message_depth) too_deep = true;
        return depth <= max_message_depth;
      },
      false);
  buffer_.erase(0, 4 + static_cast<std::size_t>(size));
  if (too_deep || out->is_discarded() || !out->is_object()) *corrupt = true;
  return !*corrupt;
}

MessageReader::Result MessageReader::read(nlohmann::json* out, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    bool corrupt = false;
    if (take_buffered(out, &corrupt)) return Result::message;
    if (corrupt) return Result::corrupt;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    pollfd p{fd_, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::max<std::int64_t>(left.count(), 0)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return Result::timeout;
    if (ready < 0) return Result::closed;
    char chunk[1 << 16];
    const ssize_t n = ::read(fd_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Result::closed;
    buffer_.append(chunk, static_cast<std::size_t>(n));
    bytes_read_ += static_cast<std::uint64_t>(n);
  }
}

}  // namespace cudalab::app::worker
