#include "worker/messages.h"

#include <algorithm>

#include "cudalab/backend_request.h"
#include "worker/protocol.h"

namespace cudalab::app::worker {
namespace {

using nlohmann::json;

template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};

// The fields a message may carry, read with their types checked: json::value would throw on a
// field of the wrong type, and a worker that ran a student's code may send any.
class Fields {
 public:
  explicit Fields(const json& message) : message_(message) {}

  template <class T>
  T get(const char* name, T fallback) {
    const auto found = message_.find(name);
    if (found == message_.end()) return fallback;
    const bool fits = [&] {
      if constexpr (std::is_same_v<T, bool>) return found->is_boolean();
      else if constexpr (std::is_same_v<T, std::string>) return found->is_string();
      else if constexpr (std::is_floating_point_v<T>) return found->is_number();
      else if constexpr (std::is_unsigned_v<T>) return found->is_number_unsigned() || (found->is_number_integer() && found->get<std::int64_t>() >= 0);
      else return found->is_number_integer();
    }();
    if (!fits) {
      if (wrong_.empty()) wrong_ = name;
      return fallback;
    }
    return found->get<T>();
  }
  const json* object(const char* name) {
    const auto found = message_.find(name);
    if (found == message_.end()) return nullptr;
    if (!found->is_object()) {
      if (wrong_.empty()) wrong_ = name;
      return nullptr;
    }
    return &*found;
  }
  Status status() const {
    if (wrong_.empty()) return Status::success();
    return Status::error(StatusCode::invalid_argument, "its field \"" + wrong_ + "\" has the wrong type");
  }

 private:
  const json& message_;
  std::string wrong_;
};

Status read_run(Fields& fields, Run* run) {
  const json* j = fields.object("run");
  if (Status s = fields.status(); !s.ok()) return s;
  if (Status s = from_json(j != nullptr ? *j : json::object(), run); !s.ok())
    return Status::error(StatusCode::invalid_argument, "its run does not read: " + s.message);
  return Status::success();
}

}  // namespace

json encode(const Request& request) {
  return std::visit(
      Overloaded{
          [](const ask::Open& m) -> json {
            return {{"op", "open"}, {"backend", backend_name(m.opening.request)}, {"gpu", m.opening.gpu_index}, {"list", m.list}};
          },
          [](const ask::RunStep& m) -> json {
            json values = json::object();
            for (const auto& [name, value] : m.values) values[name] = value;
            return {{"op", "run"}, {"id", m.id}, {"chapter", m.chapter}, {"step", m.step}, {"values", std::move(values)}};
          },
          [](const ask::Check& m) -> json {
            return {{"op", "check"}, {"id", m.id}, {"exercise", m.exercise}, {"source", m.source}};
          },
          [](const ask::Exec& m) -> json {
            json headers = json::object();
            for (const auto& [name, text] : m.headers) headers[name] = text;
            return {{"op", "exec"}, {"id", m.id}, {"file", m.file_name}, {"source", m.source}, {"headers", std::move(headers)}};
          },
          [](const ask::Cancel&) -> json { return {{"op", "cancel"}}; },
      },
      request);
}

json encode(const Reply& reply) {
  return std::visit(
      Overloaded{
          [](const tell::Sandbox& m) -> json { return {{"op", "sandbox"}, {"line", m.line}}; },
          [](const tell::Opened& m) -> json {
            // The status and the facts cross as a Run without a step: one reader for both.
            Run opened;
            opened.status = m.status;
            opened.device = m.device;
            json reply = {{"op", "opened"}, {"choices", json::array()}, {"run", to_json(opened)}};
            for (const BackendChoice& choice : m.choices)
              reply["choices"].push_back({{"id", choice.id}, {"device", to_json(choice.facts)}});
            return reply;
          },
          [](const tell::Progress& m) -> json { return {{"op", "progress"}, {"id", m.id}, {"value", m.value}}; },
          [](const tell::Phase& m) -> json {
            if (!m.test) return {{"op", "phase"}, {"id", m.id}, {"phase", "run"}};
            return {{"op", "phase"}, {"id", m.id}, {"phase", "test"}, {"test", *m.test}};
          },
          [](const tell::Partial& m) -> json { return {{"op", "partial"}, {"id", m.id}, {"run", to_json(m.run)}}; },
          [](const tell::Output& m) -> json { return {{"op", "output"}, {"id", m.id}, {"text", m.text}}; },
          [](const tell::Done& m) -> json {
            return {{"op", "done"}, {"id", m.id}, {"run", to_json(m.run)}, {"retire", m.retire}};
          },
          [](const tell::Fault& m) -> json {
            json j = {{"op", "fault"}, {"message", m.message}};
            if (!m.words.empty()) j["words"] = to_json(m.words);
            return j;
          },
      },
      reply);
}

Status decode(const json& message, std::optional<Request>* out) {
  out->reset();
  Fields fields(message);
  const std::string op = fields.get<std::string>("op", "");
  if (op == "open") {
    ask::Open m;
    m.opening.request = backend_request_named(fields.get<std::string>("backend", "auto"));
    m.opening.gpu_index = fields.get("gpu", 0);
    m.list = fields.get("list", false);
    *out = m;
  } else if (op == "run") {
    ask::RunStep m;
    m.id = fields.get("id", std::uint64_t{0});
    m.chapter = fields.get("chapter", -1);
    m.step = fields.get("step", 0);
    if (const json* values = fields.object("values")) {
      for (const auto& [name, value] : values->items())
        if (value.is_number()) m.values[name] = value.get<double>();
    }
    *out = m;
  } else if (op == "check") {
    *out = ask::Check{fields.get("id", std::uint64_t{0}), fields.get<std::string>("exercise", ""),
                      fields.get<std::string>("source", "")};
  } else if (op == "exec") {
    ask::Exec m{fields.get("id", std::uint64_t{0}), fields.get<std::string>("file", ""),
                fields.get<std::string>("source", ""), {}};
    if (const json* headers = fields.object("headers"))
      for (const auto& [name, text] : headers->items())
        if (text.is_string()) m.headers.emplace_back(name, text.get<std::string>());
    *out = std::move(m);
  } else if (op == "cancel") {
    *out = ask::Cancel{};
  }
  Status status = fields.status();
  if (!status.ok()) out->reset();
  return status;
}

Status decode(const json& message, std::optional<Reply>* out) {
  out->reset();
  Fields fields(message);
  const std::string op = fields.get<std::string>("op", "");
  Status status = Status::success();
  if (op == "sandbox") {
    *out = tell::Sandbox{fields.get<std::string>("line", "")};
  } else if (op == "opened") {
    tell::Opened m;
    Run opened;
    status = read_run(fields, &opened);
    m.status = opened.status;
    m.device = opened.device;
    const auto choices = message.find("choices");
    if (choices != message.end() && choices->is_array()) {
      for (const json& entry : *choices) {
        if (!entry.is_object()) continue;
        Fields choice_fields(entry);
        BackendChoice choice;
        choice.id = choice_fields.get<std::string>("id", "");
        const json* device = choice_fields.object("device");
        // A choice this app cannot read is left out, not the whole list.
        if (choice_fields.status().ok() && device != nullptr && from_json(*device, &choice.facts).ok())
          m.choices.push_back(std::move(choice));
      }
    }
    *out = std::move(m);
  } else if (op == "progress") {
    *out = tell::Progress{fields.get("id", std::uint64_t{0}), fields.get("value", 0.f)};
  } else if (op == "phase") {
    tell::Phase m;
    m.id = fields.get("id", std::uint64_t{0});
    if (message.contains("test")) m.test = std::clamp(fields.get("test", 0), 0, 1 << 20);
    *out = m;
  } else if (op == "partial") {
    tell::Partial m;
    m.id = fields.get("id", std::uint64_t{0});
    status = read_run(fields, &m.run);
    *out = std::move(m);
  } else if (op == "output") {
    *out = tell::Output{fields.get("id", std::uint64_t{0}), fields.get<std::string>("text", "")};
  } else if (op == "done") {
    tell::Done m;
    m.id = fields.get("id", std::uint64_t{0});
    m.retire = fields.get("retire", false);
    status = read_run(fields, &m.run);
    *out = std::move(m);
  } else if (op == "fault") {
    tell::Fault m{fields.get<std::string>("message", ""), {}};
    // Words a crashing worker wrote in its last moment: read as a stranger's, and when they do not
    // read, the English alone is said.
    if (const auto words = message.find("words"); words != message.end() && !from_json(*words, &m.words).ok()) m.words = {};
    *out = std::move(m);
  }
  if (status.ok()) status = fields.status();
  if (!status.ok()) out->reset();
  return status;
}

bool send(int fd, const Request& request) { return write_message(fd, encode(request)); }
bool send(int fd, const Reply& reply) { return write_message(fd, encode(reply)); }

}  // namespace cudalab::app::worker
