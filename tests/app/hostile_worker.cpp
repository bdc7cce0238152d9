// A worker gone bad, for worker_channel_test.cpp: what a student's code could make of the worker
// process if it took it over (it runs there). Started by WorkerClient as `hostile_worker worker`,
// channel on fd 3; $CUDALAB_HOSTILE_WORKER picks the attack. It answers "open" as a worker does,
// then meets every other request with the attack.
#include <unistd.h>

#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "cudalab/run.h"
#include "worker/protocol.h"

using nlohmann::json;
namespace w = cudalab::app::worker;

int main() {
  const char* mode_env = std::getenv("CUDALAB_HOSTILE_WORKER");
  const std::string mode = mode_env != nullptr ? mode_env : "";
  w::MessageReader reader(w::worker_channel_fd);
  while (true) {
    json request;
    if (reader.read(&request, std::chrono::hours(1)) != w::MessageReader::Result::message) return 0;
    const std::string op = request.value("op", "");
    if (op == "open") {
      w::write_message(w::worker_channel_fd, {{"op", "opened"}, {"run", cudalab::to_json(cudalab::Run{})}, {"choices", json::array()}});
      continue;
    }
    if (op != "check" && op != "run") continue;
    const std::uint64_t id = request.value("id", std::uint64_t{0});
    if (mode == "forged-pass") {
      // "Passed", with no outputs to bear it out.
      json verdict = {{"verdict", "passed"}, {"exercise", request.value("exercise", "")},
                      {"headline", "Passed all 3 tests"}, {"tests_passed", 3}, {"tests_total", 3}};
      json run = cudalab::to_json(cudalab::Run{});
      run["results"] = {{"verdict", verdict}};
      w::write_message(w::worker_channel_fd, {{"op", "done"}, {"id", id}, {"retire", false}, {"run", run}});
    } else if (mode == "slow-compile" || mode == "compile-forever" || mode == "phase-spam") {
      // The compile and the run have limits of their own: a compile slower than the run limit is
      // no timeout; one that never ends meets the compile limit; the run clock starts once only.
      if (mode == "compile-forever") ::pause();
      if (mode == "slow-compile") ::usleep(1'500'000);
      w::write_message(w::worker_channel_fd, {{"op", "phase"}, {"id", id}, {"phase", "run"}});
      if (mode == "phase-spam") {
        while (w::write_message(w::worker_channel_fd, {{"op", "phase"}, {"id", id}, {"phase", "run"}})) ::usleep(10'000);
        return 0;
      }
      json run = cudalab::to_json(cudalab::Run{});
      w::write_message(w::worker_channel_fd, {{"op", "done"}, {"id", id}, {"retire", false}, {"run", run}});
    } else if (mode == "flood") {
      // Progress without end, from the student's code (so after the compile): the time limit
      // must fire all the same.
      w::write_message(w::worker_channel_fd, {{"op", "phase"}, {"id", id}, {"phase", "run"}});
      while (w::write_message(w::worker_channel_fd, {{"op", "progress"}, {"id", id}, {"value", 0.5}})) {
      }
      return 0;
    } else if (mode == "wrong-types") {
      // A "done" whose run is a number: refused in words, and the worker is stopped.
      w::write_message(w::worker_channel_fd, {{"op", "done"}, {"id", id}, {"retire", false}, {"run", 5}});
      ::pause();
    } else if (mode == "deep") {
      // A "done" nested a million levels deep: refused as corrupt, never parsed recursively.
      std::string text = "{\"op\":\"done\",\"id\":" + std::to_string(id) + ",\"run\":{\"results\":";
      text += std::string(1000000, '[') + std::string(1000000, ']') + "}}";
      unsigned char size[4];
      for (int i = 0; i < 4; ++i) size[i] = static_cast<unsigned char>((text.size() >> (8 * i)) & 0xff);
      if (::write(w::worker_channel_fd, size, 4) != 4) return 1;
      for (std::size_t sent = 0; sent < text.size();) {
        const ssize_t n = ::write(w::worker_channel_fd, text.data() + sent, text.size() - sent);
        if (n <= 0) return 1;
        sent += static_cast<std::size_t>(n);
      }
      ::pause();
    }
  }
}
