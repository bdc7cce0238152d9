#include "lesson.h"

#include <charconv>
#include <chrono>
#include <cmath>
#include <ctime>

#include <fmt/format.h>

#include "cudalab/message_format.h"

namespace cudalab::lessons {

bool parse_number(const std::string& text, double* out) {
  const char* begin = text.data();
  const char* end = begin + text.size();
  auto [ptr, ec] = std::from_chars(begin, end, *out);
  return ec == std::errc() && ptr == end && std::isfinite(*out);
}

double default_of(const Param& param, bool on_emulator) {
  return on_emulator && param.emulator_default ? *param.emulator_default : param.default_value;
}

ParamValues defaults(const Step& step, bool on_emulator) {
  ParamValues values;
  for (const Param& p : step.params) values[p.name] = default_of(p, on_emulator);
  return values;
}

namespace {

Message names_of(const Step& step) {
  std::string names;
  for (const Param& p : step.params) names += (names.empty() ? "" : ", ") + p.name;
  return names.empty() ? message("no parameters") : message("{}", as_is(names));
}


Status bad_value(const Param& p, const std::string& text, Message expected) {
  return Status::error(StatusCode::invalid_argument, message("'{}' is not a valid value for {}: expected {}",
                                                             as_is(text), as_is(p.name), std::move(expected)));
}

}  // namespace

Status apply_assignment(const Step& step, const std::string& assignment, ParamValues* values) {
  auto eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0)
    return Status::error(StatusCode::invalid_argument,
                         message("'{}' is not name=value (this step has: {})", as_is(assignment), names_of(step)));
  std::string name = assignment.substr(0, eq);
  std::string text = assignment.substr(eq + 1);
  const Param* param = nullptr;
  for (const Param& p : step.params)
    if (p.name == name) param = &p;
  if (!param)
    return Status::error(StatusCode::invalid_argument, message("unknown parameter '{}' (step \"{}\" has: {})",
                                                               as_is(name), step.title, names_of(step)));

  double value = 0;
  switch (param->kind) {
    case Param::Kind::toggle:
      if (text == "1" || text == "true" || text == "on" || text == "yes") value = 1;
      else if (text == "0" || text == "false" || text == "off" || text == "no") value = 0;
      else return bad_value(*param, text, message("on or off"));
      break;
    case Param::Kind::choice: {
      bool found = false;
      for (std::size_t i = 0; i < param->choices.size(); ++i)
        if (param->choices[i] == text) value = static_cast<double>(i), found = true;
      if (!found) {
        std::string options;
        for (const auto& c : param->choices) options += (options.empty() ? "" : ", ") + c;
        return bad_value(*param, text, message("one of: {}", as_is(options)));
      }
      break;
    }
    case Param::Kind::integer:
      if (!parse_number(text, &value) || value != std::floor(value))
        return bad_value(*param, text, message("a whole number"));
      break;
    case Param::Kind::real:
      if (!parse_number(text, &value)) return bad_value(*param, text, message("a number"));
      break;
  }
  if (param->kind == Param::Kind::integer || param->kind == Param::Kind::real) {
    if (value < param->min || value > param->max)
      return Status::error(StatusCode::invalid_argument,
                           message("{} = {} is out of range: allowed {} to {}", as_is(name), as_is(text), param->min,
                                   param->max));
  }
  (*values)[name] = value;
  return Status::success();
}

int chapter_number(const Lesson& lesson) {
  const std::string folder = lesson.folder();
  int number = 0;
  const auto [end, error] = std::from_chars(folder.data(), folder.data() + folder.size(), number);
  return error == std::errc() && end != folder.data() && number >= 0 ? number : -1;
}

Status select_step(const std::vector<std::unique_ptr<Lesson>>& lessons, const std::string& chapter, int step,
                   const std::vector<std::string>& assignments, StepSelection* out, bool on_emulator) {
  Lesson* found = nullptr;
  for (const auto& lesson : lessons)
    if (lesson->id() == chapter || std::to_string(chapter_number(*lesson)) == chapter) found = lesson.get();
  if (!found) {
    std::string ids;
    for (const auto& l : lessons) ids += (ids.empty() ? "" : ", ") + l->id();
    return Status::error(StatusCode::invalid_argument,
                         message("unknown chapter '{}' (chapters: {})", as_is(chapter), as_is(ids)));
  }
  auto steps = found->steps();
  if (step < 0 || step >= static_cast<int>(steps.size()))
    return Status::error(StatusCode::invalid_argument, message("chapter '{}' has steps 1 to {}; there is no step {}",
                                                               as_is(found->id()), steps.size(), step + 1));
  ParamValues values = defaults(steps[step], on_emulator);
  for (const auto& assignment : assignments)
    CUDALAB_RETURN_IF_ERROR(apply_assignment(steps[step], assignment, &values));
  *out = {found, step, std::move(values)};
  return Status::success();
}

void begin_run(Run* run, const Lesson& lesson, int step, const ParamValues& values, const Device& device) {
  begin_run(run, lesson, step, values, device.facts());
}

void begin_run(Run* run, const Lesson& lesson, int step, const ParamValues& values, const DeviceFacts& device) {
  run->lesson = lesson.id();
  run->step = step;
  run->parameters.clear();
  auto steps = lesson.steps();
  for (const auto& [name, value] : values) {
    std::string text = fmt::format("{}", value);
    if (step >= 0 && step < static_cast<int>(steps.size()))
      for (const Param& p : steps[step].params)
        if (p.name == name && p.kind == Param::Kind::choice && value >= 0 && value < p.choices.size())
          text = p.choices[static_cast<std::size_t>(value)];
    run->parameters[name] = text;
  }
  run->device = device;
  std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  run->started_at = stamp;
  run->cudalab_version = CUDALAB_VERSION;
}

}  // namespace cudalab::lessons
