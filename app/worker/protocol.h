#pragma once
// How the app and its worker process talk (step_host.h says why there is a worker): messages
// are JSON objects, each framed by its byte length (4 bytes, little-endian), over a socket pair.
// What they say, as types, and how each is spelled: messages.h. This file only frames them, and
// bounds what a reader takes (a worker that ran a student's code may send anything).
#include <chrono>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace cudalab::app::worker {

// The fd number the worker finds its end of the socket pair on.
constexpr int worker_channel_fd = 3;
// A message larger than this is refused as corrupt (a Run with a full trace is a few MiB).
constexpr std::uint32_t max_message_bytes = 512u << 20;
// A message nested deeper than this is refused as corrupt (a Run is about ten levels deep).
constexpr int max_message_depth = 64;
// All a worker may send for one request (partial runs, progress, the result): past it the worker
// is stopped and the request fails in words.
constexpr std::uint64_t max_bytes_per_request = std::uint64_t{2} << 30;

// Writes one framed message. False when the other side has gone.
bool write_message(int fd, const nlohmann::json& message);

// Reads framed messages from a non-blocking-friendly fd with a deadline.
class MessageReader {
 public:
  explicit MessageReader(int fd) : fd_(fd) {}
  enum class Result { message, timeout, closed, corrupt };
  // Waits up to `timeout` for one whole message.
  Result read(nlohmann::json* out, std::chrono::milliseconds timeout);
  // Bytes taken from the channel so far.
  std::uint64_t bytes_read() const { return bytes_read_; }

 private:
  bool take_buffered(nlohmann::json* out, bool* corrupt);
  int fd_;
  std::string buffer_;
  std::uint64_t bytes_read_ = 0;
};

}  // namespace cudalab::app::worker
