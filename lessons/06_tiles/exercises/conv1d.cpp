// Exercise "conv1d": a 1D convolution of radius r (0 ≤ r ≤ 8, 2r + 1 weights), chapter 3's
// `stencil` grown up: the weights are an input, the radius a parameter, and both the block's tile
// of `in` (with its halo of r elements on each side) and the weights go through shared memory.
//
// The limits are what the probes count (probe.cuh): every in-bounds read of a kernel parameter,
// per thread and per buffer; reads of __shared__ arrays are not counted, and a zero stored for an
// element outside the array reads nothing. The tiled kernel's threads each load their own element
// of `in` and, for 2r of them, one halo element: at most 2 reads of `in`. The weights are loaded
// by threads 0 … 2r, one each: at most 1 read of `w`. A kernel reading `in` (or `w`) 2r + 1 times
// from global memory fails as soon as r ≥ 1, with its count in the verdict; r = 0 is the one test
// where the naive kernel and the tiled one read the same, which is why it is not the only one.
// Inputs and weights are multiples of 0.5 (small_exact_floats): every product and sum is exact in
// float, in any order, so the default tolerance holds and a misplaced weight reads plainly.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_conv1d_exercise() {
  Exercise e;
  e.id = "conv1d";
  e.title = "1D convolution: tile, halo and weights in shared memory";
  e.chapter = "06_tiles";
  e.kernel_name = "conv1d";
  e.params = {{"const float*", "in"}, {"const float*", "w"}, {"int", "r"}, {"float*", "out"}, {"int", "n"}};
  e.limits = {{"in", true, 2,
               "Read from global memory, each element of in is read 2r + 1 times, by 2r + 1 neighbouring threads. The "
               "block loads its tile into shared memory once: one read per thread, two for the 2r threads that also "
               "fetch a halo element."},
              {"w", true, 1,
               "Every thread needs all 2r + 1 weights, but the block reads each from global memory once, one per "
               "thread, into shared memory."},
              {"out", false, 1, "Each thread writes its out[i] once."}};
  e.cases = [] {
    struct Size {
      int n, r;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Size s : {Size{1000, 3, "the last block is partly idle"},
                         Size{100, 8, "fewer elements than a block has threads"},
                         Size{4096, 8, "whole blocks: every halo is inside the array except at the ends"},
                         Size{5000, 0, "r = 0: one weight and no halo"},
                         Size{10, 8, "a radius wider than the array"},
                         Size{20001, 5, ""}}) {
      TestCase test;
      test.name = test_name(message("n = {}, r = {}", s.n, s.r), s.note);
      test.launch = launch_1d(blocks_for(s.n, 256), 256);
      const int taps = 2 * s.r + 1;
      const ArgValue in = small_exact_floats(s.n, 601 + s.n);
      const ArgValue w = small_exact_floats(taps, 607 + s.r);
      ArgValue expected = zero_floats(s.n);
      for (int i = 0; i < s.n; ++i) {
        double sum = 0;
        for (int j = 0; j < taps; ++j) {
          const int k = i + j - s.r;
          if (k >= 0 && k < s.n) sum += static_cast<double>(w.floats[j]) * in.floats[k];
        }
        expected.floats[i] = static_cast<float>(sum);
      }
      test.args = {in, w, scalar(s.r), zero_floats(s.n), scalar(s.n)};
      test.expected = {std::nullopt, std::nullopt, std::nullopt, expected, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
