// Exercise "attention": single-head attention, out = softmax(q · kᵀ / sqrt(d)) · v for n × d
// matrices, one block of 128 threads per query row: the scores (one key per thread), the row's
// max and sum by warp shuffles as in row_softmax, the weights in shared memory, and the weighted
// sum of v (one output column per thread). The course's capstone: chapter 7's shuffles, chapter
// 10's softmax, chapter 3's shared memory and barriers in one kernel.
#include <algorithm>
#include <cmath>

#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

namespace {

// What each thread may do in a test of n keys and d columns: one row of q and one row of k (its
// key's), one column of v (its output column's), one write of out.
std::vector<AccessLimit> attention_limits(int n, int d) {
  const unsigned rows = static_cast<unsigned>(d), keys = static_cast<unsigned>(n);
  return {{"q", true, rows, "",
           message("Each thread needs the query row once: at most {} reads of q (d = {}).", rows, d)},
          {"k", true, rows, "",
           message("Thread t reads the row of its key t once, for its score: at most {} reads of k. Keep the weights in "
                   "shared memory; working the scores out again for the output reads k once more for every key.",
                   rows)},
          {"v", true, keys, "",
           message("Thread t adds up column t of v over the {} keys, each element once: at most {} reads of v.", n, keys)},
          {"out", false, 1, "Each element of out is written once, by the thread of its column, with its final value."}};
}

}  // namespace

Exercise make_attention_exercise() {
  Exercise e;
  e.id = "attention";
  e.title = "Attention: scores, softmax and a weighted sum in one kernel";
  e.chapter = "10_matmul_ladder";
  e.kernel_name = "attention";
  e.params = {{"const float*", "q"}, {"const float*", "k"}, {"const float*", "v"},
              {"float*", "out"},      {"int", "n"},           {"int", "d"}};
  e.limits = attention_limits(128, 64);  // each test sets its own
  // The outputs are weighted means of v's values (multiples of 0.5 in [-4, 4]), and the checker's
  // tolerance is relative to max(1, |expected|): 1e-4 is then at most 4e-4 absolute. That is loose
  // for expf's (or __expf's) rounding and for the float sums of up to 128 terms, tight for a lost
  // key (its weight times its value: about 1 / n × 2).
  e.tolerance = 1e-4;
  e.cases = [] {
    struct Shape {
      int n, d;
      float q_scale;  // q's values are multiplied by it (a power of 2: still exact)
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Shape s : {Shape{100, 32, 1.f, "fewer keys than threads"}, Shape{1, 32, 1.f, "one key: its weight is 1"},
                          Shape{7, 64, 1.f, "fewer keys than a warp has lanes"},
                          Shape{33, 32, 1.f, "one key in the second warp"}, Shape{128, 64, 1.f, "a key for every thread"},
                          Shape{50, 64, 16.f, "scores in the hundreds: exp(score) overflows a float without the row's max"}}) {
      TestCase test;
      test.name = test_name(message("n = {}, d = {}", s.n, s.d), s.note);
      test.launch = launch_1d(s.n, 128);
      const std::size_t size = static_cast<std::size_t>(s.n) * s.d;
      ArgValue q = small_exact_floats(size, 401 + s.n), k = small_exact_floats(size, 409 + s.n),
               v = small_exact_floats(size, 419 + s.n);
      for (float& x : q.floats) x *= s.q_scale;
      q.width = k.width = v.width = s.d;
      ArgValue expected = zero_floats(size, s.d);
      std::vector<double> weights(s.n);
      for (int i = 0; i < s.n; ++i) {
        double max = -HUGE_VAL;
        for (int j = 0; j < s.n; ++j) {
          double dot = 0;
          for (int c = 0; c < s.d; ++c) dot += static_cast<double>(q.floats[i * s.d + c]) * k.floats[j * s.d + c];
          weights[j] = dot / std::sqrt(static_cast<double>(s.d));
          max = std::max(max, weights[j]);
        }
        double sum = 0;
        for (double& w : weights) sum += (w = std::exp(w - max));
        for (int c = 0; c < s.d; ++c) {
          double acc = 0;
          for (int j = 0; j < s.n; ++j) acc += weights[j] / sum * v.floats[j * s.d + c];
          expected.floats[i * s.d + c] = static_cast<float>(acc);
        }
      }
      test.limits = attention_limits(s.n, s.d);
      test.args = {q, k, v, zero_floats(size, s.d), scalar(s.n), scalar(s.d)};
      test.expected = {std::nullopt, std::nullopt, std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
