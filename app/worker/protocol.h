#pragma once
// How the app and its worker process talk (step_host.h says why there is a worker): messages
// are JSON objects, each framed by its byte length (4 bytes, little-endian), over a socket pair.
// The Run JSON of runtime/ is the payload of every run reply, so a run crosses the boundary as
// exactly what `cudalab run --json` saves.
//
//   app → worker   {"op":"open", "backend":"auto|gpu|emu", "gpu":0, "list":true}
//                  {"op":"run", "id":7, "chapter":2, "step":0, "values":{"n":1024}}
//                  {"op":"cancel"}                       (while a run is going)
//   worker → app   {"op":"opened", "run":{…status, device…}, "choices":[{"id":"emu","device":{…}}]}
//                  {"op":"progress", "id":7, "value":0.4}
//                  {"op":"phase", "id":7, "phase":"run"}   (a check compiled: its run clock starts)
//                  {"op":"phase", "id":7, "phase":"test", "test":2}   (a check's test 3 starts)
//                  {"op":"partial", "id":7, "run":{…}}   (RunControl::publish)
//                  {"op":"done", "id":7, "run":{…}, "retire":false}
//                  {"op":"fault", "message":"…"}          (then the worker exits)
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
