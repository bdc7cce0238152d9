#pragma once
// Runs are data: a lesson step takes parameters and produces a Run. The GUI draws it, the CLI
// prints or saves it, and a Run saved on a GPU machine opens on a laptop without one.
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cudalab/device_facts.h"
#include "cudalab/message.h"
#include "cudalab/status.h"
#include "cudalab/timing.h"
#include "cudalab/trace.cuh"

namespace cudalab {

struct Run {
  std::string lesson;                              // chapter id, "hello"
  int step = 0;                                    // 0-based
  std::map<std::string, std::string> parameters;   // as set by the user, in text
  nlohmann::json results = nlohmann::json::object();  // lesson-defined numbers and arrays
  std::vector<TraceEvent> trace;
  std::uint64_t trace_overflow = 0;                // events that did not fit
  std::vector<Timing> timings;
  std::string printf_output;                       // what the kernels printed
  Status status;
  DeviceFacts device;
  std::string started_at;                          // ISO 8601, UTC
  std::string cudalab_version;
  // The English texts this run carries (timing labels, words in `results`) as the messages that made
  // them, id and arguments, so that they are said in the language they are shown in by a lookup
  // (lessons/text/message.h). A run recorded before messages has none: its English goes through the
  // app's compatibility tables.
  std::vector<Message> messages;
};

constexpr std::size_t kMaxRunMessages = 65536;  // what a run file may hold; more is refused as corrupt

nlohmann::json to_json(const Run& run);
Status from_json(const nlohmann::json& j, Run* out);  // a clear message on missing/odd fields
// Never throws: bytes that are not UTF-8 are saved as U+FFFD; a failed write is a Status.
Status save_run(const Run& run, const std::string& path);
// Any JSON document written the same way (atomically, non-UTF-8 bytes as U+FFFD): a recording's
// manifest, say.
Status save_json(const nlohmann::json& document, const std::string& path);
// Any text, written the same atomic way (beside the target, then renamed): a student's kernel.
Status save_text(const std::string& text, const std::string& path);
// Never throws, whatever the file holds: bad JSON, numbers past a double, deep nesting and odd
// fields all come back as a Status whose message starts with `path`.
Status load_run(const std::string& path, Run* out);
// load_run without the file: `origin` names the text in messages.
Status parse_run(std::string_view json_text, const std::string& origin, Run* out);

nlohmann::json to_json(const DeviceFacts& facts);
Status from_json(const nlohmann::json& j, DeviceFacts* out);
nlohmann::json to_json(const Status& status);
nlohmann::json to_json(const Timing& timing);
nlohmann::json to_json(const TraceEvent& event);

}  // namespace cudalab
