// Exercise "scale4": y = a * x with 128-bit loads and stores (float4), four elements per thread,
// and the last n % 4 elements one by one.
#include "cudalab/message_format.h"
#include "exercises/test_data.h"

namespace cudalab::lessons::exercises {

Exercise make_scale4_exercise() {
  Exercise e;
  e.id = "scale4";
  e.title = "Scale with float4: four elements per load and per store";
  e.chapter = "10_matmul_ladder";
  e.kernel_name = "scale4";
  e.params = {{"const float*", "x"}, {"float*", "y"}, {"int", "n"}, {"float", "a"}};
  // What the probe counts (probe.cuh). A kernel parameter is a checked pointer, so
  // reinterpret_cast<const float4*>(x) does not compile; the student casts an element's address,
  // &x[4 * i] (the statement says so). &x[k] of a const buffer checks k and counts nothing, and
  // what goes through the float4 pointer is not seen: a float4 load counts 0 reads. &y[k] of a
  // written buffer counts as one write (as for atomicAdd(&y[k], v)): a float4 store counts 1.
  // y[j] one at a time counts 1 each. So a thread that does its four elements one by one reads x
  // 4 times and writes y 4 times, while the float4 kernel reads x at most 3 times and writes y at
  // most 3 times (the tail's n % 4 elements): limits of 3 make the float4 loads and stores
  // necessary. The float4 accesses are not bounds-checked beyond their first element either: the
  // buffers hold n rounded up to a multiple of 4 (so that, on the emulator too, they start at a
  // multiple of 16 bytes), and y's elements past n hold values of their own that must stay, which
  // turns a float4 store over the end into a wrong result.
  e.limits = {{"x", true, 3,
               "A float4 load, *reinterpret_cast<const float4*>(&x[4 * i]), takes four elements in one instruction, "
               "and the checks do not count it; x[j] one at a time is counted, and only the last n % 4 elements need it."},
              {"y", false, 3,
               "A float4 store through reinterpret_cast<float4*>(&y[4 * i]) counts as one write (taking &y[k] counts, "
               "as for atomicAdd); y[j] one at a time counts once each, and only the last n % 4 elements need it."},
              {"y", true, 0, "y is only written: a * x needs no element of y."}};
  e.cases = [] {
    struct Size {
      int n;
      float a;
      const char* note;
    };
    std::vector<TestCase> tests;
    for (const Size s : {Size{2000, 2.5f, "a multiple of 4: no tail"}, Size{1001, -1.5f, "a tail of 1"},
                         Size{10, 0.5f, "a tail of 2, 3 threads at work"}, Size{100003, 3.f, "a tail of 3"}}) {
      TestCase test;
      test.name = test_name(message("n = {}, a = {}", s.n, s.a), s.note);
      const unsigned quads = blocks_for(static_cast<std::size_t>(s.n), 4);
      test.launch = launch_1d(blocks_for(quads, 256), 256);
      const std::size_t room = 4 * static_cast<std::size_t>(quads);  // n rounded up to a multiple of 4
      const ArgValue x = random_floats(room, 401 + s.n);
      // y: 0 where the kernel writes, and past n values that are not the kernel's to change.
      ArgValue y = random_floats(room, 409 + s.n);
      for (int i = 0; i < s.n; ++i) y.floats[i] = 0.f;
      ArgValue expected = y;
      for (int i = 0; i < s.n; ++i) expected.floats[i] = s.a * x.floats[i];
      test.args = {x, y, scalar(s.n), scalar(s.a)};
      test.expected = {std::nullopt, expected, std::nullopt, std::nullopt};
      tests.push_back(std::move(test));
    }
    return tests;
  };
  return e;
}

}  // namespace cudalab::lessons::exercises
