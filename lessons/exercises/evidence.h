#pragma once
// What a check's worker saw, as data, so that the process that never ran the student's code
// decides the verdict. The worker runs the submission (checker.h) and sends back, beside its own
// verdict, each test's output buffers as the kernel left them. The app and `cudalab check` then
// confirm a "passed" by computing every test's CPU reference themselves and comparing: a message
// the submission forged on the worker's channel can make a check fail, never pass, unless it holds
// the right answer to every test — which is solving the exercise.
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cudalab/status.h"
#include "exercises/exercise.h"
#include "exercises/verdict.h"

namespace cudalab::lessons::exercises {

struct CheckEvidence {
  // One entry per test that ran to its comparison, in order: each output parameter's bytes as
  // downloaded (4-byte floats or ints, the machine's byte order; worker and app are one machine).
  std::vector<std::map<std::string, std::string>> tests;
};

nlohmann::json to_json(const CheckEvidence& evidence);
// Never throws. Refuses anything that is not the shape to_json writes, or more than `max_bytes`
// of output data in all.
Status from_json(const nlohmann::json& j, CheckEvidence* out, std::size_t max_bytes = std::size_t{1} << 30);

// The verdict the app shows for `reported` (what the worker said). A failure stands as it is (a
// forged one can only hurt its author). A pass stands only when `evidence` holds, for every test
// of `exercise`, outputs that match the CPU reference computed here; otherwise the verdict says
// what did not hold, in words.
Verdict confirm_verdict(const Exercise& exercise, Verdict reported, const CheckEvidence& evidence);

// One output element against the CPU reference's, the one rule the worker (checker.cpp) and the
// confirmation above share: floats within the exercise's relative tolerance (at least absolute
// near 0), ints exactly, NaN never.
bool outputs_match(double expected, double got, double tolerance, bool is_float);
// Element i of an output as bytes (a float or an int, 4 bytes each) and of an expected value.
double element_of(std::string_view bytes, std::size_t i, bool is_float);
double element_of(const ArgValue& value, std::size_t i);

// Base64 (RFC 4648, with padding), for bytes inside JSON.
std::string base64_encode(const std::string& bytes);
// False on any character outside the alphabet or a length that is not a multiple of 4.
bool base64_decode(const std::string& text, std::string* bytes);

}  // namespace cudalab::lessons::exercises
