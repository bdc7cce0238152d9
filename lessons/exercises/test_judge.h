#pragma once
// One test of a check and the verdict it writes into: what the kernel checker (checker.cpp) and
// the host-code checker (host_check.cpp) both judge a test with. A failure names its kind, says
// what happened in lines of words, and ends with the test's own line (test_line).
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "cudalab/device.h"
#include "exercises/exercise.h"
#include "exercises/verdict.h"

namespace cudalab::lessons::exercises {

class TestJudge {
 protected:
  // `outputs` (optional) gets each output as it came back: the evidence a pass is confirmed with.
  TestJudge(const Exercise& exercise, const TestCase& test, Device& device, Verdict* verdict,
            std::map<std::string, std::string>* outputs)
      : exercise_(exercise), test_(test), device_(device), verdict_(*verdict), outputs_(outputs) {}

  // Both return false: the test failed, and the verdict says why.
  bool fail(VerdictKind kind, Message what, Message advice = {}) {
    std::vector<Message> lines{std::move(what)};
    if (!advice.empty()) lines.push_back(std::move(advice));
    return fail_lines(kind, std::move(lines));
  }
  bool fail_lines(VerdictKind kind, std::vector<Message> lines) {
    verdict_.kind = kind;
    verdict_.failed_test = test_.name.english();
    lines.push_back(test_line(exercise_, test_));
    verdict_.details = std::move(lines);
    return false;
  }

  const Exercise& exercise_;
  const TestCase& test_;
  Device& device_;
  Verdict& verdict_;
  std::map<std::string, std::string>* outputs_;
};

}  // namespace cudalab::lessons::exercises
