// Runs as JSON: what the CLI saves and the GUI opens, also on a machine other than the one that
// made them. Reading never throws: a missing or odd field comes back as a Status that names it by
// its path ("run.device.sm_count: expected an integer, found a string").
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>

#include "cudalab/run.h"

namespace cudalab {

using nlohmann::json;

namespace {

constexpr const char* kRunKind = "cudalab-run";
constexpr int kFormatVersion = 1;

// Stable names for the file format; to_string(StatusCode) gives words for people instead.
constexpr StatusCode kStatusCodes[] = {
    StatusCode::ok,           StatusCode::invalid_config, StatusCode::invalid_argument, StatusCode::out_of_memory,
    StatusCode::no_device,    StatusCode::launch_failed,  StatusCode::kernel_fault,     StatusCode::divergent_barrier,
    StatusCode::timeout,      StatusCode::unsupported,    StatusCode::io_error,         StatusCode::cancelled,
    StatusCode::internal,
};
constexpr TimingSource kTimingSources[] = {TimingSource::gpu_events, TimingSource::emulator_clock,
                                           TimingSource::host_clock};
constexpr BackendKind kBackendKinds[] = {BackendKind::gpu, BackendKind::emulator};

const char* status_code_name(StatusCode code) {
  switch (code) {
    case StatusCode::ok: return "ok";
    case StatusCode::invalid_config: return "invalid_config";
    case StatusCode::invalid_argument: return "invalid_argument";
    case StatusCode::out_of_memory: return "out_of_memory";
    case StatusCode::no_device: return "no_device";
    case StatusCode::launch_failed: return "launch_failed";
    case StatusCode::kernel_fault: return "kernel_fault";
    case StatusCode::divergent_barrier: return "divergent_barrier";
    case StatusCode::timeout: return "timeout";
    case StatusCode::unsupported: return "unsupported";
    case StatusCode::io_error: return "io_error";
    case StatusCode::cancelled: return "cancelled";
    case StatusCode::internal: return "internal";
  }
  return "internal";
}

// JSON has no NaN or infinity (nlohmann would write null): a time that could not be measured is
// NaN and must come back as NaN, so non-finite numbers travel as strings.
json number_to_json(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  return value;
}

const char* type_in_words(const json& j) {
  switch (j.type()) {
    case json::value_t::null: return "null";
    case json::value_t::object: return "an object";
    case json::value_t::array: return "an array";
    case json::value_t::string: return "a string";
    case json::value_t::boolean: return "true/false";
    case json::value_t::number_integer:
    case json::value_t::number_unsigned: return "an integer";
    case json::value_t::number_float: return "a number with a fraction";
    default: return "something else";
  }
}

// Reads the fields of one JSON object, remembering the first problem with the field's path.
class FieldReader {
 public:
  FieldReader(const json& object, std::string path, Status* problem)
      : object_(object), path_(std::move(path)), problem_(problem) {
    if (problem_->ok() && !object_.is_object()) fail(path_, std::string("expected an object, found ") + type_in_words(object_));
  }

  // Required fields fail when absent; optional ones keep the value already in `out`.
  template <class T>
  void read(const char* key, T* out, bool required = true) {
    if (!problem_->ok() || !object_.is_object()) return;
    const auto found = object_.find(key);
    if (found == object_.end()) {
      if (required) fail(path_ + "." + key, "missing");
      return;
    }
    convert(*found, path_ + "." + key, out);
  }

  const json* child(const char* key) const {
    if (!problem_->ok() || !object_.is_object()) return nullptr;
    const auto found = object_.find(key);
    return found == object_.end() ? nullptr : &*found;
  }

  bool ok() const { return problem_->ok(); }

  void fail(const std::string& where, const std::string& what) {
    if (problem_->ok()) *problem_ = Status::error(StatusCode::invalid_argument, where + ": " + what);
  }

  template <class T>
  void convert(const json& value, const std::string& where, T* out) {
    if constexpr (std::is_same_v<T, bool>) {
      if (!value.is_boolean()) return expected(where, "true or false", value);
      *out = value.get<bool>();
    } else if constexpr (std::is_integral_v<T>) {
      if (!value.is_number_integer()) return expected(where, "an integer", value);
      const bool fits = value.is_number_unsigned()
                            ? value.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<T>::max())
                            : value.get<std::int64_t>() >= static_cast<std::int64_t>(std::numeric_limits<T>::min()) &&
                                  (value.get<std::int64_t>() < 0 ||
                                   static_cast<std::uint64_t>(value.get<std::int64_t>()) <=
                                       static_cast<std::uint64_t>(std::numeric_limits<T>::max()));
      if (!fits) return fail(where, value.dump() + " is out of range");
      *out = value.is_number_unsigned() ? static_cast<T>(value.get<std::uint64_t>())
                                        : static_cast<T>(value.get<std::int64_t>());
    } else if constexpr (std::is_same_v<T, double>) {
      if (value.is_number()) {
        *out = value.get<double>();
      } else if (value.is_string() && (value == "nan" || value == "inf" || value == "-inf")) {
        const std::string text = value.get<std::string>();
        *out = text == "nan" ? std::numeric_limits<double>::quiet_NaN()
                             : (text == "inf" ? 1.0 : -1.0) * std::numeric_limits<double>::infinity();
      } else {
        expected(where, "a number", value);
      }
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (!value.is_string()) return expected(where, "a string", value);
      *out = value.get<std::string>();
    } else if constexpr (std::is_same_v<T, json>) {
      *out = value;
    } else {
      static_assert(sizeof(T) == 0, "no JSON reader for this type");
    }
  }

  // An enum written by its name: `values` lists every value, `name_of` gives each one's name.
  template <class Enum, class NameOf, std::size_t N>
  void read_enum(const char* key, Enum* out, const Enum (&values)[N], NameOf name_of, bool required = true) {
    if (!required && child(key) == nullptr) return;
    std::string text;
    read(key, &text, true);
    if (!ok()) return;
    for (Enum value : values)
      if (text == name_of(value)) {
        *out = value;
        return;
      }
    std::string known;
    for (Enum value : values) known += std::string(known.empty() ? "" : ", ") + name_of(value);
    fail(path_ + "." + key, "\"" + text + "\" is not one of " + known);
  }

 private:
  void expected(const std::string& where, const char* what, const json& found) {
    fail(where, std::string("expected ") + what + ", found " + type_in_words(found));
  }

  const json& object_;
  std::string path_;
  Status* problem_;
};

// Reads an array field element by element with `read_one(element_json, path, element*)`.
template <class T, class ReadOne>
void read_array(FieldReader& fields, const char* key, const std::string& path, std::vector<T>* out,
                ReadOne read_one, bool required = true) {
  const json* array = fields.child(key);
  if (array == nullptr) {
    if (required && fields.ok()) fields.fail(path + "." + key, "missing");
    return;
  }
  if (!array->is_array()) return fields.fail(path + "." + key, std::string("expected an array, found ") + type_in_words(*array));
  out->clear();
  out->reserve(array->size());
  for (std::size_t i = 0; i < array->size() && fields.ok(); ++i) {
    T element{};
    read_one((*array)[i], path + "." + key + "[" + std::to_string(i) + "]", &element);
    out->push_back(std::move(element));
  }
}

void read_timing(const json& j, const std::string& path, Status* problem, Timing* out) {
  FieldReader fields(j, path, problem);
  fields.read("label", &out->label);
  fields.read("ms", &out->ms);
  fields.read_enum("source", &out->source, kTimingSources, [](TimingSource s) { return to_string(s); });
  fields.read("repeats", &out->repeats);
  read_array(fields, "samples_ms", path, &out->samples_ms,
             [&](const json& e, const std::string& where, double* value) { fields.convert(e, where, value); });
}

void read_trace_event(const json& j, const std::string& path, Status* problem, TraceEvent* out) {
  FieldReader fields(j, path, problem);
  fields.read("kind", &out->kind);
  fields.read("block", &out->block);
  fields.read("thread", &out->thread);
  fields.read("sm", &out->sm);
  fields.read("time_ns", &out->time_ns);
  const json* payload = fields.child("payload");
  if (!fields.ok()) return;
  if (payload == nullptr) return fields.fail(path + ".payload", "missing");
  if (!payload->is_array() || payload->size() != 4) return fields.fail(path + ".payload", "expected an array of 4 integers");
  for (int i = 0; i < 4; ++i) fields.convert((*payload)[i], path + ".payload[" + std::to_string(i) + "]", &out->payload[i]);
}

void read_status(const json& j, const std::string& path, Status* problem, Status* out) {
  FieldReader fields(j, path, problem);
  fields.read_enum("code", &out->code, kStatusCodes, status_code_name);
  fields.read("message", &out->message);
  fields.read("expression", &out->expression, false);
  fields.read("file", &out->file, false);
  fields.read("line", &out->line, false);
  fields.read("device_was_reset", &out->device_was_reset, false);
  if (const json* words = fields.child("words"); fields.ok() && words != nullptr) {
    if (Status read = from_json(*words, &out->words); !read.ok()) fields.fail(path + ".words", read.message);
  }
}

// A run's messages (run.h): optional (a run written before them has none), each read with its bounds.
void read_messages(FieldReader& fields, const std::string& path, std::vector<Message>* out) {
  const json* messages = fields.child("messages");
  if (!fields.ok() || messages == nullptr) return;
  if (!messages->is_array() || messages->size() > kMaxRunMessages)
    return fields.fail(path + ".messages", "expected a list of at most " + std::to_string(kMaxRunMessages) + " messages");
  for (std::size_t i = 0; i < messages->size(); ++i) {
    Message message;
    if (Status read = from_json((*messages)[i], &message); !read.ok())
      return fields.fail(path + ".messages[" + std::to_string(i) + "]", read.message);
    out->push_back(std::move(message));
  }
}

}  // namespace

// --- writing ---------------------------------------------------------------------------------------

json to_json(const Status& status) {
  json out = {{"code", status_code_name(status.code)}, {"message", status.message},
              {"expression", status.expression},       {"file", status.file},
              {"line", status.line},                   {"device_was_reset", status.device_was_reset}};
  if (!status.words.empty()) out["words"] = to_json(status.words);
  return out;
}

json to_json(const Timing& timing) {
  json samples = json::array();
  for (double sample : timing.samples_ms) samples.push_back(number_to_json(sample));
  return {{"label", timing.label},
          {"ms", number_to_json(timing.ms)},
          {"source", to_string(timing.source)},
          {"repeats", timing.repeats},
          {"samples_ms", std::move(samples)}};
}

json to_json(const TraceEvent& event) {
  return {{"kind", event.kind}, {"block", event.block},     {"thread", event.thread},
          {"sm", event.sm},     {"time_ns", event.time_ns}, {"payload", event.payload}};
}

json to_json(const DeviceFacts& facts) {
  return {{"backend", to_string(facts.backend)},
          {"index", facts.index},
          {"name", facts.name},
          {"cc_major", facts.cc_major},
          {"cc_minor", facts.cc_minor},
          {"sm_count", facts.sm_count},
          {"warp_size", facts.warp_size},
          {"max_threads_per_block", facts.max_threads_per_block},
          {"max_block_dim", facts.max_block_dim},
          {"max_grid_dim", facts.max_grid_dim},
          {"shared_per_block", facts.shared_per_block},
          {"shared_per_block_optin", facts.shared_per_block_optin},
          {"shared_per_sm", facts.shared_per_sm},
          {"regs_per_block", facts.regs_per_block},
          {"regs_per_sm", facts.regs_per_sm},
          {"max_threads_per_sm", facts.max_threads_per_sm},
          {"max_blocks_per_sm", facts.max_blocks_per_sm},
          {"l2_bytes", facts.l2_bytes},
          {"global_mem_bytes", facts.global_mem_bytes},
          {"clock_khz", facts.clock_khz},
          {"mem_clock_khz", facts.mem_clock_khz},
          {"mem_bus_width_bits", facts.mem_bus_width_bits},
          {"why_no_gpu", facts.why_no_gpu.english()},
          {"why_no_gpu_words", facts.why_no_gpu.empty() ? json(nullptr) : to_json(facts.why_no_gpu)},
          {"host_cpu", facts.host_cpu},
          {"host_cores", facts.host_cores}};
}

json to_json(const Run& run) {
  json trace = json::array();
  for (const TraceEvent& event : run.trace) trace.push_back(to_json(event));
  json timings = json::array();
  for (const Timing& timing : run.timings) timings.push_back(to_json(timing));
  json messages = json::array();
  for (const Message& message : run.messages) messages.push_back(to_json(message));
  return {{"kind", kRunKind},
          {"format_version", kFormatVersion},
          {"lesson", run.lesson},
          {"step", run.step},
          {"parameters", run.parameters},
          {"results", run.results},
          {"trace", std::move(trace)},
          {"trace_overflow", run.trace_overflow},
          {"timings", std::move(timings)},
          {"printf_output", run.printf_output},
          {"status", to_json(run.status)},
          {"device", to_json(run.device)},
          {"started_at", run.started_at},
          {"cudalab_version", run.cudalab_version},
          {"messages", std::move(messages)}};
}

// --- reading ---------------------------------------------------------------------------------------

namespace {

void read_device_facts(const json& j, const std::string& path, Status* problem, DeviceFacts* out) {
  FieldReader fields(j, path, problem);
  fields.read_enum("backend", &out->backend, kBackendKinds, [](BackendKind k) { return to_string(k); });
  fields.read("index", &out->index);
  fields.read("name", &out->name);
  fields.read("cc_major", &out->cc_major);
  fields.read("cc_minor", &out->cc_minor);
  fields.read("sm_count", &out->sm_count);
  fields.read("warp_size", &out->warp_size);
  fields.read("max_threads_per_block", &out->max_threads_per_block);
  for (const char* key : {"max_block_dim", "max_grid_dim"}) {
    auto* dims = std::strcmp(key, "max_block_dim") == 0 ? &out->max_block_dim : &out->max_grid_dim;
    const json* array = fields.child(key);
    if (!fields.ok()) return;
    if (array == nullptr) return fields.fail(path + "." + key, "missing");
    if (!array->is_array() || array->size() != 3) return fields.fail(path + "." + key, "expected an array of 3 integers");
    for (int d = 0; d < 3; ++d) fields.convert((*array)[d], path + "." + key + "[" + std::to_string(d) + "]", &(*dims)[d]);
  }
  fields.read("shared_per_block", &out->shared_per_block);
  fields.read("shared_per_block_optin", &out->shared_per_block_optin);
  fields.read("shared_per_sm", &out->shared_per_sm);
  fields.read("regs_per_block", &out->regs_per_block);
  fields.read("regs_per_sm", &out->regs_per_sm);
  fields.read("max_threads_per_sm", &out->max_threads_per_sm);
  fields.read("max_blocks_per_sm", &out->max_blocks_per_sm, false);  // runs saved before it was recorded
  fields.read("l2_bytes", &out->l2_bytes);
  fields.read("global_mem_bytes", &out->global_mem_bytes);
  fields.read("clock_khz", &out->clock_khz);
  fields.read("mem_clock_khz", &out->mem_clock_khz);
  fields.read("mem_bus_width_bits", &out->mem_bus_width_bits);
  std::string why_no_gpu;
  fields.read("why_no_gpu", &why_no_gpu);
  out->why_no_gpu = why_no_gpu.empty() ? Message{} : Message::text(why_no_gpu);
  // Its words, where a newer CUDA Lab wrote them (an older run has the English only).
  if (const json* words = fields.child("why_no_gpu_words"); fields.ok() && words != nullptr && !words->is_null()) {
    if (Status read = from_json(*words, &out->why_no_gpu); !read.ok()) fields.fail(path + ".why_no_gpu_words", read.message);
  }
  fields.read("host_cpu", &out->host_cpu);
  fields.read("host_cores", &out->host_cores);
}

}  // namespace

Status from_json(const json& j, DeviceFacts* out) {
  Status problem;
  DeviceFacts facts;
  read_device_facts(j, "device", &problem, &facts);
  if (problem.ok()) *out = std::move(facts);
  return problem;
}

Status from_json(const json& j, Run* out) {
  Status problem;
  Run run;
  FieldReader fields(j, "run", &problem);
  std::string kind;
  fields.read("kind", &kind);
  if (fields.ok() && kind != kRunKind) fields.fail("run.kind", "\"" + kind + "\" is not a CUDA Lab run");
  int version = 0;
  fields.read("format_version", &version);
  if (fields.ok() && (version < 1 || version > kFormatVersion))
    fields.fail("run.format_version", "version " + std::to_string(version) + " is not one this CUDA Lab reads (1 to " +
                                          std::to_string(kFormatVersion) + "); a newer CUDA Lab wrote it?");
  fields.read("lesson", &run.lesson);
  fields.read("step", &run.step);
  if (const json* parameters = fields.child("parameters"); fields.ok()) {
    if (parameters == nullptr) {
      fields.fail("run.parameters", "missing");
    } else if (!parameters->is_object()) {
      fields.fail("run.parameters", std::string("expected an object, found ") + type_in_words(*parameters));
    } else {
      for (const auto& [name, value] : parameters->items()) {
        std::string text;
        fields.convert(value, "run.parameters." + name, &text);
        run.parameters[name] = text;
      }
    }
  }
  fields.read("results", &run.results);
  read_array(fields, "trace", "run", &run.trace,
             [&](const json& e, const std::string& where, TraceEvent* event) { read_trace_event(e, where, &problem, event); });
  fields.read("trace_overflow", &run.trace_overflow);
  read_array(fields, "timings", "run", &run.timings,
             [&](const json& e, const std::string& where, Timing* timing) { read_timing(e, where, &problem, timing); });
  fields.read("printf_output", &run.printf_output);
  if (const json* status = fields.child("status"); fields.ok()) {
    if (status == nullptr) fields.fail("run.status", "missing");
    else read_status(*status, "run.status", &problem, &run.status);
  }
  if (const json* device = fields.child("device"); fields.ok()) {
    if (device == nullptr) fields.fail("run.device", "missing");
    else read_device_facts(*device, "run.device", &problem, &run.device);
  }
  fields.read("started_at", &run.started_at);
  fields.read("cudalab_version", &run.cudalab_version);
  read_messages(fields, "run", &run.messages);
  if (problem.ok()) *out = std::move(run);
  return problem;
}

}  // namespace cudalab
