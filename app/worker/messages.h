#pragma once
// The worker protocol's messages as types, one per job and one per kind of reply. protocol.h
// frames them; this file is the only place that knows their JSON spelling, so the app and the
// worker read and write structs, never field names. The spelling, for whoever reads a capture:
//
//   app → worker   {"op":"open", "backend":"auto|gpu|emu", "gpu":0, "list":true}
//                  {"op":"run", "id":7, "chapter":2, "step":0, "values":{"n":1024}}
//                  {"op":"check", "id":8, "exercise":"guard", "source":"…"}
//                  {"op":"exec", "id":9, "file":"add.cu", "source":"…", "headers":{"tile.cuh":"…"}}
//                                                        (a whole program's main)
//                  {"op":"cancel"}                       (while a run or a check is going)
//   worker → app   {"op":"sandbox", "line":"Sandbox: …"}  (a sandboxed worker's first words)
//                  {"op":"opened", "run":{…status, device…}, "choices":[{"id":"emu","device":{…}}]}
//                  {"op":"progress", "id":7, "value":0.4}
//                  {"op":"phase", "id":7, "phase":"run"}   (a check compiled: its run clock starts)
//                  {"op":"phase", "id":7, "phase":"test", "test":2}   (a check's test 3 starts)
//                  {"op":"partial", "id":7, "run":{…}}   (RunControl::publish)
//                  {"op":"output", "id":9, "text":"…"}   (what a program printed, as it prints it)
//                  {"op":"done", "id":7, "run":{…}, "retire":false}
//                  {"op":"fault", "message":"…"}          (then the worker exits; crash_report.cpp
//                                                         writes this one by hand, in a signal handler)
// A Run crosses as exactly what `cudalab run --json` saves (runtime/ to_json); a check's verdict
// rides in its Run's results (lessons/exercises/verdict.h reads it there).
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "cudalab/device.h"
#include "cudalab/message.h"
#include "cudalab/run.h"
#include "cudalab/status.h"
#include "lesson.h"

namespace cudalab::app::worker {

struct BackendOpening {
  BackendRequest request = BackendRequest::automatic;
  int gpu_index = 0;
};

// What the app asks.
namespace ask {
struct Open {
  BackendOpening opening;
  bool list = false;  // reply with every backend there is, too
};
struct RunStep {
  std::uint64_t id = 0;
  int chapter = -1, step = 0;
  lessons::ParamValues values;
};
struct Check {
  std::uint64_t id = 0;
  std::string exercise, source;
};
// Runs a whole CUDA program (its main) on the open device: `cudalab exec`.
struct Exec {
  std::uint64_t id = 0;
  std::string file_name, source;
  std::vector<std::pair<std::string, std::string>> headers;  // its own `#include "name"` files: name, text
};
struct Cancel {};
}  // namespace ask
using Request = std::variant<ask::Open, ask::RunStep, ask::Check, ask::Exec, ask::Cancel>;

// What the worker answers.
namespace tell {
struct Sandbox {
  std::string line;
};
struct Opened {
  Status status;
  DeviceFacts device;
  std::vector<BackendChoice> choices;
};
struct Progress {
  std::uint64_t id = 0;
  float value = 0.f;
};
// A check's phase: compiled (the run clock starts), or test `test` starts.
struct Phase {
  std::uint64_t id = 0;
  std::optional<int> test;
};
struct Partial {
  std::uint64_t id = 0;
  Run run;
};
// What a program wrote to stdout and stderr, in the order it wrote it.
struct Output {
  std::uint64_t id = 0;
  std::string text;
};
struct Done {
  std::uint64_t id = 0;
  Run run;
  bool retire = false;  // the worker exits after this reply (a sticky GPU fault)
};
struct Fault {
  std::string message;  // English, for a log
  Message words;        // the same, to be said in the language shown (empty: say `message`)
};
}  // namespace tell
using Reply = std::variant<tell::Sandbox, tell::Opened, tell::Progress, tell::Phase, tell::Partial, tell::Output, tell::Done,
                           tell::Fault>;

nlohmann::json encode(const Request& request);
nlohmann::json encode(const Reply& reply);

// Reading what the other side sent. Never throws. An op this side does not know leaves `out`
// empty and is no error (the reader ignores it); a known op whose fields have the wrong types, or
// a Run that does not read, is an error in words. A sandboxed worker may have run a student's code,
// so a reply is data from a stranger: every field is checked, and bounded where it is a number.
Status decode(const nlohmann::json& message, std::optional<Request>* out);
Status decode(const nlohmann::json& message, std::optional<Reply>* out);

// Framed and written (protocol.h). False when the other side has gone.
bool send(int fd, const Request& request);
bool send(int fd, const Reply& reply);

}  // namespace cudalab::app::worker
