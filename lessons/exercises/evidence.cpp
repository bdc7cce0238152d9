#include "exercises/evidence.h"

#include <cstring>

#include "exercises/host_check.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include <fmt/format.h>

namespace cudalab::lessons::exercises {
namespace {

using nlohmann::json;

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

// A pass turned into a failure by what the evidence showed.
Verdict overturned(const Exercise& exercise, Verdict reported, VerdictKind kind, std::size_t test_index, const TestCase* test,
                   std::vector<Message> lines) {
  Verdict verdict;
  verdict.kind = kind;
  verdict.exercise = reported.exercise;
  verdict.device = reported.device;
  verdict.compiler = reported.compiler;
  verdict.compile_seconds = reported.compile_seconds;
  verdict.run_seconds = reported.run_seconds;
  verdict.printed = std::move(reported.printed);
  verdict.tests_total = reported.tests_total;
  verdict.tests_passed = static_cast<int>(test_index);
  if (test != nullptr) {
    verdict.failed_test = test->name.english();
    verdict.headline = failed_test_headline(kind, static_cast<int>(test_index), reported.tests_total, test->name);
    lines.push_back(test_line(exercise, *test));
  } else {
    verdict.headline = message("Cannot check here");
  }
  verdict.details = std::move(lines);
  return verdict;
}

}  // namespace

double element_of(std::string_view bytes, std::size_t i, bool is_float) {
  if (is_float) {
    float value = 0;
    std::memcpy(&value, bytes.data() + i * 4, 4);
    return value;
  }
  int value = 0;
  std::memcpy(&value, bytes.data() + i * 4, 4);
  return value;
}

double element_of(const ArgValue& value, std::size_t i) {
  return value.floats.empty() ? static_cast<double>(value.ints[i]) : static_cast<double>(value.floats[i]);
}

bool outputs_match(double expected, double got, double tolerance, bool is_float) {
  if (!is_float) return expected == got;
  if (std::isnan(got)) return false;
  return std::fabs(expected - got) <= tolerance * std::max(1.0, std::fabs(expected));
}

std::string base64_encode(const std::string& bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) | (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                       static_cast<unsigned char>(bytes[i + 2]);
    for (int shift : {18, 12, 6, 0}) out += kAlphabet[(v >> shift) & 63];
  }
  const std::size_t left = bytes.size() - i;
  if (left > 0) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    if (left == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    out += left == 2 ? kAlphabet[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

bool base64_decode(const std::string& text, std::string* bytes) {
  if (text.size() % 4 != 0) return false;
  bytes->clear();
  bytes->reserve(text.size() / 4 * 3);
  for (std::size_t i = 0; i < text.size(); i += 4) {
    const bool last = i + 4 == text.size();
    const int pad = last ? (text[i + 3] == '=') + (text[i + 2] == '=' && text[i + 3] == '=') : 0;
    unsigned v = 0;
    for (int k = 0; k < 4; ++k) {
      const int s = k >= 4 - pad ? 0 : sextet(text[i + k]);
      if (s < 0) return false;
      v = (v << 6) | static_cast<unsigned>(s);
    }
    bytes->push_back(static_cast<char>(v >> 16));
    if (pad < 2) bytes->push_back(static_cast<char>((v >> 8) & 0xFF));
    if (pad < 1) bytes->push_back(static_cast<char>(v & 0xFF));
  }
  return true;
}

json to_json(const CheckEvidence& evidence) {
  json tests = json::array();
  for (const auto& outputs : evidence.tests) {
    json test = json::object();
    for (const auto& [param, bytes] : outputs) test[param] = base64_encode(bytes);
    tests.push_back(std::move(test));
  }
  return {{"tests", std::move(tests)}};
}

Status from_json(const json& j, CheckEvidence* out, std::size_t max_bytes) {
  const auto refuse = [](const std::string& why) {
    return Status::error(StatusCode::invalid_argument, "the worker's report of the outputs " + why);
  };
  CheckEvidence evidence;
  if (!j.is_object()) return refuse("is not an object");
  const auto tests = j.find("tests");
  if (tests == j.end() || !tests->is_array()) return refuse("has no list of tests");
  std::size_t total = 0;
  for (const json& test : *tests) {
    if (!test.is_object()) return refuse("holds a test that is not an object");
    std::map<std::string, std::string> outputs;
    for (const auto& [param, text] : test.items()) {
      if (!text.is_string()) return refuse("holds an output that is not text");
      const std::string& encoded = text.get_ref<const std::string&>();
      total += encoded.size() / 4 * 3;
      if (total > max_bytes) return refuse(fmt::format("holds more than {} MiB", max_bytes >> 20));
      std::string bytes;
      if (!base64_decode(encoded, &bytes)) return refuse("holds an output that is not base64");
      outputs.emplace(param, std::move(bytes));
    }
    evidence.tests.push_back(std::move(outputs));
  }
  *out = std::move(evidence);
  return Status::success();
}

Verdict confirm_verdict(const Exercise& exercise, Verdict reported, const CheckEvidence& evidence) {
  if (!reported.passed()) return reported;
  if (reported.exercise != exercise.id)
    return overturned(exercise, std::move(reported), VerdictKind::cannot_run, 0, nullptr,
                      {message("the worker's verdict is about another exercise")});
  const std::vector<TestCase> tests = exercise.cases();
  reported.tests_total = static_cast<int>(tests.size());
  for (std::size_t t = 0; t < tests.size(); ++t) {
    const TestCase& test = tests[t];
    if (t >= evidence.tests.size())
      return overturned(exercise, std::move(reported), VerdictKind::cannot_run, t, &test,
                        {message("the worker's report holds no outputs for this test")});
    const auto& outputs = evidence.tests[t];
    if (exercise.kind == ExerciseKind::host) {
      // What the host function returned: an error where the check made the launch fail, else its own.
      const auto found = outputs.find(kReturnedOutput);
      int returned = 0;
      if (found == outputs.end() || found->second.size() != sizeof returned)
        return overturned(exercise, std::move(reported), VerdictKind::cannot_run, t, &test,
                          {message("the worker's report holds no value the function returned")});
      std::memcpy(&returned, found->second.data(), sizeof returned);
      if (test.fail_launches != 0 ? returned == 0 : returned != test.expected_return)
        return overturned(exercise, std::move(reported), test.fail_launches != 0 ? VerdictKind::misses_an_error : VerdictKind::wrong_result, t,
                          &test, {message("{} returned {} ({})", as_is(exercise.kernel_name), cuda_error_words(returned),
                                          message("as the worker reported it"))});
      if (test.fail_launches != 0) continue;
    }
    for (std::size_t p = 0; p < exercise.params.size() && p < test.expected.size(); ++p) {
      if (!test.expected[p]) continue;
      const ParamSpec& spec = exercise.params[p];
      const ArgValue& expected = *test.expected[p];
      const auto found = outputs.find(spec.name);
      if (found == outputs.end() || found->second.size() != expected.size() * 4)
        return overturned(exercise, std::move(reported), VerdictKind::cannot_run, t, &test,
                          {message("the worker's report holds no output {} of the right size", as_is(spec.name))});
      std::size_t wrong = 0;
      std::vector<Message> lines;
      for (std::size_t e = 0; e < expected.size(); ++e) {
        const double want = element_of(expected, e), got = element_of(found->second, e, spec.is_float());
        if (outputs_match(want, got, exercise.tolerance, spec.is_float())) continue;
        if (wrong++ < 5)
          lines.push_back(message("{}[{}] is {:g}, expected {:g} ({})", as_is(spec.name), e, got, want,
                                  message("as the worker reported it")));
      }
      if (wrong == 0) continue;
      lines.insert(lines.begin(), message("{} of {} elements of {} are wrong", wrong, expected.size(), as_is(spec.name)));
      return overturned(exercise, std::move(reported), VerdictKind::wrong_result, t, &test, std::move(lines));
    }
  }
  reported.tests_passed = reported.tests_total;
  return reported;
}

}  // namespace cudalab::lessons::exercises
