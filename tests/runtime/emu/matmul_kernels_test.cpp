// Chapter 5's matmul kernels on the emulator: the CPU loop's numbers for sizes that are and are
// not multiples of the tile, and bit-identical results on one and several workers.
#include <cmath>
#include <random>

#include "common/matmul/kernels.h"
#include "emu_test_support.h"

namespace cudalab::emu_test {
namespace {

namespace matmul = lessons::matmul;
using MatmulKernel = Kernel<matmul::TimedMatmul>;

std::vector<float> cpu_matmul(const std::vector<float>& a, const std::vector<float>& b, int n) {
  std::vector<float> c(a.size());
  for (int row = 0; row < n; ++row)
    for (int col = 0; col < n; ++col) {
      float sum = 0.0f;
      for (int k = 0; k < n; ++k) sum += a[row * n + k] * b[k * n + col];
      c[row * n + col] = sum;
    }
  return c;
}

std::vector<float> run_matmul(Device& device, const MatmulKernel& kernel, const std::vector<float>& a,
                              const std::vector<float>& b, int n) {
  Buffer<float> da = upload(device, a), db = upload(device, b), dc = filled(device, a.size(), -1.0f);
  const unsigned tile = matmul::kMatmulTile;
  const unsigned blocks = (static_cast<unsigned>(n) + tile - 1) / tile;
  const Status status = launch(device, kernel, {Dim3(blocks, blocks), Dim3(tile, tile)}, da.data(), db.data(), dc.data(), n, matmul::NoTrace{});
  EXPECT_TRUE(status.ok()) << status.describe();
  return download(dc);
}

TEST(EmuMatmulKernels, AgreeWithTheCpuLoopAndAcrossWorkerCounts) {
  auto one = emulator(1);
  auto many = emulator(3);
  std::mt19937 random(7);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  const MatmulKernel* kernels[] = {&matmul::matmul_naive, &matmul::matmul_coalesced, &matmul::matmul_shared};
  for (int n : {1, 16, 33, 64}) {
    std::vector<float> a(std::size_t(n) * n), b(a.size());
    for (float& x : a) x = value(random);
    for (float& x : b) x = value(random);
    const std::vector<float> expected = cpu_matmul(a, b, n);
    for (const MatmulKernel* kernel : kernels) {
      const std::vector<float> on_one = run_matmul(*one, *kernel, a, b, n);
      const std::vector<float> on_many = run_matmul(*many, *kernel, a, b, n);
      EXPECT_EQ(on_one, on_many) << kernel->name() << " n = " << n << ": results differ between 1 and 3 workers";
      for (std::size_t i = 0; i < expected.size(); ++i)
        ASSERT_NEAR(on_one[i], expected[i], 1e-5f * (std::abs(expected[i]) + 1.0f))
            << kernel->name() << " n = " << n << " element " << i;
    }
  }
}

}  // namespace
}  // namespace cudalab::emu_test
