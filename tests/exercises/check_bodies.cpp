#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "check_support.h"

namespace cudalab::exercise_tests {

void expect_every_solution_passes(Checker& checker) {
  ASSERT_FALSE(ex::all_exercises().empty());
  for (const ex::Exercise& exercise : ex::all_exercises()) {
    ASSERT_FALSE(exercise.solution().empty()) << exercise.id << " has no solution.cu";
    const ex::Verdict verdict = checker.check(exercise.id, std::string(exercise.solution()));
    EXPECT_TRUE(verdict.passed()) << exercise.id << ": " << verdict.text();
    EXPECT_GE(verdict.tests_total, 3) << exercise.id << " needs at least 3 test sizes";
  }
}

void expect_every_starter_fails(Checker& checker) {
  for (const ex::Exercise& exercise : ex::all_exercises()) {
    ASSERT_FALSE(exercise.starter().empty()) << exercise.id << " has no starter.cu";
    const ex::Verdict verdict = checker.check(exercise.id, std::string(exercise.starter()));
    EXPECT_FALSE(verdict.passed()) << exercise.id << "'s starter passes: nothing is left to do";
    // The starter compiles: the student starts from a file with a hole, not a broken one.
    EXPECT_NE(verdict.kind, ex::VerdictKind::does_not_compile) << exercise.id << ": " << verdict.text();
    EXPECT_NE(verdict.kind, ex::VerdictKind::wrong_signature) << exercise.id << ": " << verdict.text();
    EXPECT_FALSE(exercise.hints().empty()) << exercise.id << " has no `### Hint` in its statement";
  }
}

void expect_variants_get_their_verdicts(Checker& checker, bool on_gpu) {
  const std::vector<Variant> variants = all_variants();
  ASSERT_FALSE(variants.empty()) << "no variants under " << CUDALAB_VARIANTS_DIR;
  for (const Variant& variant : variants) {
    ASSERT_NE(ex::find_exercise(variant.exercise), nullptr) << variant.file << ": no such exercise";
    ASSERT_NE(variant.expected, ex::VerdictKind::cannot_run) << variant.file << ": the name does not start with a verdict";
    if (variant.gpu_differs)
      ASSERT_NE(variant.gpu_expected, ex::VerdictKind::cannot_run) << variant.file << ": --gpu-<verdict>-- names no verdict";
  }
  // The corpus is a few hundred files, each a compile: one worker per core (up to 4) checks them,
  // each taking the next file, and the verdicts are weighed here once all are in.
  const unsigned shards = std::clamp(std::thread::hardware_concurrency(), 1u, 4u);
  std::vector<std::unique_ptr<Checker>> more;
  for (unsigned s = 1; s < shards; ++s) more.push_back(std::make_unique<Checker>(on_gpu ? BackendRequest::gpu : BackendRequest::emulator));
  std::vector<ex::Verdict> verdicts(variants.size());
  std::atomic<std::size_t> next{0};
  auto work = [&](Checker& mine) {
    for (std::size_t i; (i = next++) < variants.size();) {
      if (on_gpu && variants[i].emulator_only) continue;
      verdicts[i] = mine.check(variants[i].exercise, variants[i].source);
    }
  };
  std::vector<std::thread> threads;
  for (auto& extra : more) threads.emplace_back(work, std::ref(*extra));
  work(checker);
  for (std::thread& thread : threads) thread.join();
  for (std::size_t i = 0; i < variants.size(); ++i) {
    const Variant& variant = variants[i];
    if (on_gpu && variant.emulator_only) continue;
    const ex::VerdictKind expected = on_gpu && variant.gpu_differs ? variant.gpu_expected : variant.expected;
    EXPECT_EQ(ex::to_string(verdicts[i].kind), std::string(ex::to_string(expected)))
        << variant.file.filename() << ":\n" << verdicts[i].text();
  }
}

void expect_bad_input_gets_words(Checker& checker) {
  struct Case {
    const char* what;
    std::string source;
    ex::VerdictKind expected;
    bool exact = true;
  };
  const std::string signature = "__global__ void add_ten(const float* a, float* out, int n)";
  const std::vector<Case> cases{
      {"empty file", "", ex::VerdictKind::does_not_compile},
      {"1 MB of junk", std::string(1 << 20, '#'), ex::VerdictKind::does_not_compile},
      {"binary bytes", std::string("__global__\0\x01\x02", 13), ex::VerdictKind::does_not_compile},
      {"wrong signature", "__global__ void add_ten(float* a, float* out, int n) {}", ex::VerdictKind::wrong_signature},
      {"missing __global__", "void add_ten(const float* a, float* out, int n) {}", ex::VerdictKind::wrong_signature},
      {"no kernel at all", "int x = 3;", ex::VerdictKind::wrong_signature},
      {"include of a missing file", "#include \"no_such_file.h\"\n" + signature + " {}", ex::VerdictKind::does_not_compile},
      // Stores in the loop: an endless loop without side effects is one the compiler may delete.
      {"endless loop", signature + " {\n  for (int k = 0;; ++k) out[0] = k;\n}", ex::VerdictKind::timed_out},
      {"printf in a loop of a billion",
       signature + " {\n  for (long long k = 0; k < 1000000000LL; ++k) printf(\"%lld\\n\", k);\n}", ex::VerdictKind::timed_out},
      {"64 GiB allocation",
       signature + " {\n  float* p = (float*)malloc(64ull << 30);\n  if (p != nullptr) { p[0] = 1; free(p); }\n}",
       ex::VerdictKind::wrong_result, false},
  };
  for (const Case& c : cases) {
    const auto started = std::chrono::steady_clock::now();
    const ex::Verdict verdict = checker.check("guard", c.source, 6);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    EXPECT_FALSE(verdict.passed()) << c.what;
    EXPECT_FALSE(verdict.headline.empty()) << c.what;
    if (c.exact) EXPECT_EQ(ex::to_string(verdict.kind), std::string(ex::to_string(c.expected))) << c.what << ":\n" << verdict.text();
    EXPECT_LT(seconds, 6 + 3) << c.what << " took longer than its limit";
  }
  // Compiler messages name the student's own line, not a generated file's.
  const ex::Verdict broken = checker.check("guard", "// line 1\n" + signature + " {\n  int i = undeclared_name;\n}\n");
  ASSERT_EQ(broken.kind, ex::VerdictKind::does_not_compile) << broken.text();
  ASSERT_FALSE(broken.diagnostics.empty());
  EXPECT_EQ(broken.diagnostics.front().line, 3) << broken.text();
  EXPECT_NE(broken.diagnostics.front().file.find("student.cu"), std::string::npos);
  // After all that, the worker still checks a good kernel.
  EXPECT_TRUE(checker.check("guard", std::string(ex::find_exercise("guard")->solution())).passed());
}

}  // namespace cudalab::exercise_tests
