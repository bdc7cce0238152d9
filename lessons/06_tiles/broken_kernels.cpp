#include "broken_kernels.h"

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <vector>

#include <fmt/format.h>

#include "cudalab/buffer.h"
#include "cudalab/jit.h"
#include "cudalab/message_format.h"
#include "exercises/checker.h"
#include "exercises/exercise.h"
#include "exercises/test_data.h"
#include "text/say.h"

namespace cudalab::lessons::tiles {

namespace ex = exercises;

const char* broken_kernel_name(BrokenKernel kernel) {
  return kernel == BrokenKernel::no_guard ? "mat_mul_tiled_no_guard" : "mat_mul_tiled_no_barrier";
}

bool parse_broken_kernel(std::string_view text, BrokenKernel* out) {
  if (text == "no_barrier") return *out = BrokenKernel::no_barrier, true;
  if (text == "no_guard") return *out = BrokenKernel::no_guard, true;
  return false;
}

std::string_view broken_kernels_source() { return ex::embedded_file(std::string("06_tiles/") + kBrokenKernelsFile); }

ex::Verdict check_broken_kernel(BrokenKernel kernel, int n, Device& emulator) {
  const ex::Exercise* tiled = ex::find_exercise("matmul_tiled");
  if (tiled == nullptr) {
    ex::Verdict verdict;
    verdict.headline = message("Cannot check here");
    verdict.details = {message("the exercise matmul_tiled is missing from this build")};
    return verdict;
  }
  // The exercise's grader as it is, on one test at this n, with the broken kernel's name; the
  // exercise's per-thread limits are for its own sizes, so they are left out.
  ex::Exercise broken = *tiled;
  broken.kernel_name = broken_kernel_name(kernel);
  broken.limits.clear();
  broken.cases = [n] {
    ex::TestCase test;
    test.name = message("n = {}", n);
    test.launch = ex::launch_2d(ex::blocks_for(n, 16), ex::blocks_for(n, 16), 16, 16);
    const std::size_t elements = static_cast<std::size_t>(n) * n;
    ex::ArgValue a = ex::small_exact_floats(elements, 211 + n), b = ex::small_exact_floats(elements, 223 + n);
    a.width = b.width = n;
    ex::ArgValue expected = ex::zero_floats(elements, n);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        float sum = 0.f;
        for (int k = 0; k < n; ++k) sum += a.floats[r * n + k] * b.floats[k * n + c];
        expected.floats[r * n + c] = sum;
      }
    test.args = {a, b, ex::zero_floats(elements, n), ex::scalar(n)};
    test.expected = {std::nullopt, std::nullopt, expected, std::nullopt};
    return std::vector<ex::TestCase>{test};
  };
  return ex::check_submission(broken, broken_kernels_source(), emulator);
}

Status run_broken_kernel_once(BrokenKernel kernel, int n, Device& device, std::string* said) {
  if (n < 1 || n > 4096) return Status::error(StatusCode::invalid_argument, say("n must be 1 to 4096; got {}", n));
  // Only a GPU: on the emulator the grader runs these kernels (check_broken_kernel).
  if (!device.is_gpu()) return Status::error(StatusCode::unsupported, "this runs the broken kernel on a GPU only");
  JitSource source;
  source.kernel_name = broken_kernel_name(kernel);
  source.text = fmt::format("#line 1 \"{}\"\n{}", kBrokenKernelsFileName, broken_kernels_source());
  std::unique_ptr<JitKernel> compiled;
  JitOutput output;
  CUDALAB_RETURN_IF_ERROR(compile_kernel(device, source, &compiled, &output));
  const std::size_t elements = static_cast<std::size_t>(n) * n;
  const std::vector<float> ones(elements, 1.f);
  Buffer<float> a, b, c;
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, ones, &a));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::from_host(device, ones, &b));
  CUDALAB_RETURN_IF_ERROR(Buffer<float>::create(device, elements, &c));
  const auto bytes = [](const auto& value) {
    std::vector<std::byte> out(sizeof value);
    std::memcpy(out.data(), &value, sizeof value);
    return out;
  };
  const unsigned blocks = (static_cast<unsigned>(n) + 15) / 16;
  const LaunchConfig config{Dim3(blocks, blocks), Dim3(16, 16)};
  CUDALAB_RETURN_IF_ERROR(launch_compiled(device, *compiled, config,
                                          {bytes(a.data()), bytes(b.data()), bytes(c.data()), bytes(n)}));
  CUDALAB_RETURN_IF_ERROR(device.synchronize());
  *said = say("{} ran on {} as {}, n = {} ({})", source.kernel_name, device.facts().name, config.str(), n,
              output.compiler);
  return Status::success();
}

int broken_kernel_command(int argc, char** argv) {
  BrokenKernel kernel{};
  const int n = argc >= 4 ? std::atoi(argv[3]) : 0;
  if (argc != 4 || !parse_broken_kernel(argv[2], &kernel) || n < 1) {
    std::cerr << "cudalab broken-kernel no_barrier|no_guard N: runs one of chapter 6's broken kernels once on the GPU "
                 "(the step \"find the bug with tools\" starts it under compute-sanitizer)\n";
    return 2;
  }
  std::unique_ptr<Device> gpu;
  Status status = open_device(BackendRequest::gpu, &gpu);
  std::string said;
  if (status.ok()) status = run_broken_kernel_once(kernel, n, *gpu, &said);
  if (!status.ok()) {
    std::cerr << "cudalab broken-kernel: " << status.describe() << "\n";
    return 1;
  }
  std::cout << said << "\n";
  return 0;
}

}  // namespace cudalab::lessons::tiles
