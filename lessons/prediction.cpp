#include "prediction.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <fmt/format.h>

#include "cudalab/message_format.h"

namespace cudalab::lessons {
namespace {

std::string value_in_words(const Param& param, double value) {
  switch (param.kind) {
    case Param::Kind::choice: {
      const auto index = static_cast<std::size_t>(std::max(0.0, value));
      return index < param.choices.size() ? param.choices[index] : fmt::format("{}", value);
    }
    case Param::Kind::toggle:
      return value != 0 ? "on" : "off";
    default:
      return fmt::format("{}", value);
  }
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  return text.substr(first, text.find_last_not_of(" \t\r\n") - first + 1);
}

std::string number_in_words(double value, const std::string& unit) {
  // Whole numbers as such; measured values with three significant digits.
  std::string text = value == std::floor(value) && std::abs(value) < 1e15 ? fmt::format("{:.0f}", value)
                                                                           : fmt::format("{:.3g}", value);
  return unit.empty() ? text : text + " " + unit;
}

}  // namespace

std::string prediction_question(const Step& step, const ParamValues& values) {
  if (!step.prediction) return "";
  const std::string& question = step.prediction->question;
  std::string out;
  std::size_t at = 0;
  while (at < question.size()) {
    const auto open = question.find('{', at);
    const auto close = open == std::string::npos ? std::string::npos : question.find('}', open);
    if (close == std::string::npos) {
      out += question.substr(at);
      break;
    }
    out += question.substr(at, open - at);
    const std::string name = question.substr(open + 1, close - open - 1);
    const auto param = std::find_if(step.params.begin(), step.params.end(), [&](const Param& p) { return p.name == name; });
    const auto value = values.find(name);
    if (param != step.params.end() && value != values.end()) {
      out += value_in_words(*param, value->second);
    } else {
      out += question.substr(open, close - open + 1);
    }
    at = close + 1;
  }
  return out;
}

std::optional<double> prediction_answer(const Prediction& prediction, const Run& run) {
  if (!run.status.ok() || !run.results.is_object()) return std::nullopt;
  const auto found = run.results.find(prediction.answer_key);
  if (found == run.results.end()) return std::nullopt;
  if (found->is_boolean()) return found->get<bool>() ? 1.0 : 0.0;
  if (!found->is_number()) return std::nullopt;
  const double value = found->get<double>();
  if (!std::isfinite(value)) return std::nullopt;
  if (prediction.kind == Prediction::Kind::choice &&
      (value < 0 || value >= static_cast<double>(prediction.choices.size()) || value != std::floor(value))) {
    return std::nullopt;
  }
  return value;
}

std::optional<PredictionVerdict> judge_prediction(const Step& step, const ParamValues& values, double predicted,
                                                  const Run& run) {
  if (!step.prediction) return std::nullopt;
  const Prediction& prediction = *step.prediction;
  const std::optional<double> actual = prediction_answer(prediction, run);
  if (!actual) return std::nullopt;
  PredictionVerdict verdict;
  verdict.question = prediction_question(step, values);
  verdict.predicted = predicted;
  verdict.actual = *actual;
  if (prediction.kind == Prediction::Kind::choice) {
    verdict.right = predicted == *actual;
    const auto label = [&](double index) {
      const auto i = static_cast<std::size_t>(index);
      return i < prediction.choices.size() ? prediction.choices[i] : std::string("?");
    };
    verdict.in_words = fmt::format("You predicted \"{}\"; the run says \"{}\". {}", label(predicted), label(*actual),
                                   verdict.right ? "Right." : "Not this time: look at the picture to see why.");
  } else {
    const double allowed = std::abs(*actual) * prediction.tolerance;
    verdict.right = std::abs(predicted - *actual) <= allowed + 1e-9 * std::max(1.0, std::abs(*actual));
    std::string closeness = verdict.right ? "Right." : "Not this time: look at the picture to see why.";
    if (verdict.right && prediction.tolerance > 0 && predicted != *actual) {
      closeness = fmt::format("Close enough (within {:.0f} %).", prediction.tolerance * 100);
    }
    verdict.in_words = fmt::format("You predicted {}; the run says {}. {}", number_in_words(predicted, prediction.unit),
                                   number_in_words(*actual, prediction.unit), closeness);
  }
  return verdict;
}

Status parse_prediction(const Prediction& prediction, const std::string& text, double* out) {
  const std::string answer = trimmed(text);
  if (prediction.kind == Prediction::Kind::number) {
    if (parse_number(answer, out)) return Status::success();
    return Status::error(StatusCode::invalid_argument, message("'{}' is not a number", as_is(answer)));
  }
  double number = 0;
  if (parse_number(answer, &number) && number == std::floor(number) && number >= 1 &&
      number <= static_cast<double>(prediction.choices.size())) {
    *out = number - 1;
    return Status::success();
  }
  for (std::size_t i = 0; i < prediction.choices.size(); ++i) {
    if (lower(prediction.choices[i]) == lower(answer)) {
      *out = static_cast<double>(i);
      return Status::success();
    }
  }
  std::string allowed;
  for (std::size_t i = 0; i < prediction.choices.size(); ++i) {
    allowed += fmt::format("{}{} ({})", i == 0 ? "" : ", ", i + 1, prediction.choices[i]);
  }
  return Status::error(StatusCode::invalid_argument,
                       message("'{}' is not one of the choices: {}", as_is(answer), as_is(allowed)));
}

void record_prediction(const PredictionVerdict& verdict, Run* run) {
  run->results["prediction"] = {{"question", verdict.question},
                                {"predicted", verdict.predicted},
                                {"actual", verdict.actual},
                                {"right", verdict.right},
                                {"in_words", verdict.in_words}};
}

}  // namespace cudalab::lessons
