// Every thread of 1D, 2D and 3D launches sees the coordinates CUDA gives it.
#include "emu_test_support.h"

namespace cudalab::emu_test {
namespace {

void expect_every_thread_indexed(Device& device, const LaunchConfig& config) {
  const std::uint64_t threads = config.total_threads();
  Buffer<unsigned int> out = filled(device, threads * 12, 0xFFFFFFFFu);
  ASSERT_OK(launch(device, test_kernels::record_indices, config, out.data()));
  ASSERT_OK(device.synchronize());
  const std::vector<unsigned int> seen = download(out);

  const Dim3 grid = config.grid;
  const Dim3 block = config.block;
  std::uint64_t checked = 0;
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx)
        for (unsigned tz = 0; tz < block.z; ++tz)
          for (unsigned ty = 0; ty < block.y; ++ty)
            for (unsigned tx = 0; tx < block.x; ++tx) {
              const std::uint64_t block_id = bx + by * grid.x + std::uint64_t(bz) * grid.x * grid.y;
              const std::uint64_t thread_id = tx + ty * block.x + std::uint64_t(tz) * block.x * block.y;
              const unsigned int* slot = &seen[(block_id * block.volume() + thread_id) * 12];
              const std::vector<unsigned int> actual(slot, slot + 12);
              const std::vector<unsigned int> expected{tx, ty, tz, bx, by, bz, block.x, block.y, block.z, grid.x, grid.y, grid.z};
              ASSERT_EQ(actual, expected) << "block (" << bx << ", " << by << ", " << bz << ") thread (" << tx << ", "
                                          << ty << ", " << tz << ") of " << config.str();
              ++checked;
            }
  EXPECT_EQ(checked, threads);
}

TEST(EmuIndexing, OneDimensional) {
  auto device = emulator(2);
  expect_every_thread_indexed(*device, {Dim3(5), Dim3(7)});
  expect_every_thread_indexed(*device, {Dim3(3), Dim3(1024)});
  expect_every_thread_indexed(*device, {Dim3(1), Dim3(1)});
}

TEST(EmuIndexing, TwoDimensional) {
  auto device = emulator(2);
  expect_every_thread_indexed(*device, {Dim3(3, 2), Dim3(4, 5)});
  expect_every_thread_indexed(*device, {Dim3(1, 4), Dim3(16, 16)});
}

TEST(EmuIndexing, ThreeDimensional) {
  auto device = emulator(2);
  expect_every_thread_indexed(*device, {Dim3(2, 3, 2), Dim3(3, 2, 4)});
  expect_every_thread_indexed(*device, {Dim3(1, 1, 3), Dim3(2, 2, 64)});
}

TEST(EmuIndexing, SameOnOneAndManyWorkers) {
  auto one = emulator(1);
  auto many = emulator(3);
  const LaunchConfig config{Dim3(4, 3, 2), Dim3(8, 4, 2)};
  std::vector<unsigned int> seen[2];
  Device* devices[2] = {one.get(), many.get()};
  for (int d = 0; d < 2; ++d) {
    Buffer<unsigned int> out = filled(*devices[d], config.total_threads() * 12, 0u);
    ASSERT_OK(launch(*devices[d], test_kernels::record_indices, config, out.data()));
    seen[d] = download(out);
  }
  EXPECT_EQ(seen[0], seen[1]);
}

}  // namespace
}  // namespace cudalab::emu_test
