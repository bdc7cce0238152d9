#pragma once
// Finds the exercise's kernel in a student's file, checks its parameters against the starter's,
// and rewrites its pointer parameters to the probe's checked pointers (probe.cuh) — on the same
// lines, so that compiler messages keep the student's line numbers.
#include <string>
#include <string_view>
#include <vector>

#include "exercises/exercise.h"
#include "text/message.h"

namespace cudalab::lessons::exercises {

struct RewrittenSource {
  bool ok = false;
  Message problem;      // when !ok: what is wrong with the signature, in words
  int line = 0;         // the kernel's line (1-based), when found
  std::string text;     // the student's text with the parameters rewritten
  std::vector<std::string> pointer_names;  // the definition's pointer parameters, as the student named them
};

RewrittenSource rewrite_kernel_parameters(std::string_view source, const Exercise& exercise);

// The text with comments and string literals blanked out (same length, newlines kept), so that a
// search for code cannot land in a comment.
std::string blank_comments(std::string_view text);

// In such blanked code: where the code before `at` ends, blanks skipped (the position just after
// its last non-blank character; 0 when there is none). What precedes a name says what it is there.
std::size_t end_of_code_before(const std::string& code, std::size_t at);

// "const float *" / "float const*" / "const float* __restrict__" → "const float*".
std::string normalize_type(std::string_view type);

}  // namespace cudalab::lessons::exercises
