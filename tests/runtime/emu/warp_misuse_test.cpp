// A warp intrinsic whose lanes cannot all meet is reported — kernel, block, warp, lanes, call
// sites — never a hang: a lane that returns, lanes at different call sites, lanes at
// __syncthreads(), a full mask in a partial warp. The device works for the next launch.
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <future>
#include <iostream>

#include "emu_test_support.h"
#include "warp_kernels.h"

namespace cudalab::emu_test {
namespace {

namespace warp = cudalab::warp_test_kernels;

// "warp_kernels.cuh:N" for the line marked `// site: name`.
std::string site(const std::string& name) {
  std::ifstream source(CUDALAB_WARP_KERNELS_CUH);
  std::string line;
  for (int number = 1; std::getline(source, line); ++number)
    if (line.find("// site: " + name) != std::string::npos) return "warp_kernels.cuh:" + std::to_string(number);
  ADD_FAILURE() << "no line marked `// site: " << name << "` in warp_kernels.cuh";
  return "?";
}

void expect_contains(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << "expected \"" << part << "\" in:\n" << text;
}

// The launch must end, whatever the emulator does: a hang fails the test and ends the process
// (a detached wait cannot be cancelled) instead of stalling the suite.
Status synchronize_or_fail(Device& device) {
  auto finished = std::async(std::launch::async, [&device] { return device.synchronize(); });
  if (finished.wait_for(std::chrono::seconds(30)) != std::future_status::ready) {
    std::cerr << "the emulator hung on a misused warp intrinsic\n";
    std::_Exit(1);
  }
  return finished.get();
}

template <class Kernel>
Status run_misuse(Device& device, const Kernel& kernel, unsigned blocks, unsigned threads, int bad_block) {
  Buffer<int> out = filled(device, blocks * threads, 0);
  const Status launched = launch(device, kernel, {Dim3(blocks), Dim3(threads)}, out.data(), bad_block);
  EXPECT_TRUE(launched.ok()) << "the launch itself is fine; the misuse shows at synchronize: " << launched.describe();
  return synchronize_or_fail(device);
}

void expect_device_still_works(Device& device) {
  const int threads = 256, blocks = 3, n = blocks * threads;
  std::vector<int> input(n);
  for (int i = 0; i < n; ++i) input[i] = i % 17 - 8;
  Buffer<int> in = upload(device, input);
  Buffer<int> sums = filled(device, blocks, -1);
  ASSERT_OK(launch(device, warp::warp_shuffle_sum, {Dim3(blocks), Dim3(threads)}, in.data(), sums.data(), n));
  ASSERT_OK(synchronize_or_fail(device));
  const auto got = download(sums);
  for (int b = 0; b < blocks; ++b) {
    int sum = 0;
    for (int i = b * threads; i < (b + 1) * threads; ++i) sum += input[i];
    EXPECT_EQ(got[b], sum);
  }
}

TEST(EmuWarpMisuse, ALaneThatReturnsNamesTheWarpTheLanesAndTheCall) {
  auto device = emulator(2);
  const Status status = run_misuse(*device, warp::warp_lane_returns, 4, 64, 2);
  EXPECT_EQ(status.code, StatusCode::divergent_barrier);
  expect_contains(status.message, "kernel warp_lane_returns<<<4, 64>>>");
  expect_contains(status.message, "block (2, 0, 0), warp 0 (threads 0-31)");
  expect_contains(status.message, "lanes 0-15 wait at __shfl_down_sync() (" + site("lane_returns") + ") with mask 0xffffffff");
  expect_contains(status.message, "lanes 16-31 returned");
  expect_contains(status.message, "names lanes 16-31, which never reach it");
  EXPECT_EQ("warp_kernels.cuh:" + std::to_string(status.line), site("lane_returns"));
  EXPECT_EQ(status.expression, "__shfl_down_sync()");
  expect_device_still_works(*device);
}

TEST(EmuWarpMisuse, LanesAtDifferentCallSites) {
  auto device = emulator(1);
  const Status status = run_misuse(*device, warp::warp_split_sites, 3, 96, 1);
  EXPECT_EQ(status.code, StatusCode::divergent_barrier);
  expect_contains(status.message, "block (1, 0, 0), warp 1 (threads 32-63)");
  expect_contains(status.message, "lanes 0-15 wait at __shfl_sync() (" + site("split_low") + ") with mask 0xffffffff");
  expect_contains(status.message, "lanes 16-31 wait at __shfl_sync() (" + site("split_high") + ") with mask 0xffffffff");
  expect_device_still_works(*device);
}

TEST(EmuWarpMisuse, LanesAtSyncwarpWhileTheOthersWaitAtSyncthreads) {
  auto device = emulator(2);
  const Status status = run_misuse(*device, warp::warp_sync_and_barrier, 2, 64, 1);
  EXPECT_EQ(status.code, StatusCode::divergent_barrier);
  expect_contains(status.message, "block (1, 0, 0), warp 0 (threads 0-31)");
  expect_contains(status.message, "lanes 0-7 wait at __syncwarp() (" + site("mixed_syncwarp") + ") with mask 0xffffffff");
  expect_contains(status.message, "lanes 8-31 wait at __syncthreads() (" + site("mixed_barrier") + ")");
  expect_contains(status.message, "names lanes 8-31, which never reach it");
  expect_device_still_works(*device);
}

TEST(EmuWarpMisuse, AMaskThatLeavesOutTheCaller) {
  auto device = emulator(1);
  const Status status = run_misuse(*device, warp::warp_mask_without_caller, 2, 32, 1);
  EXPECT_EQ(status.code, StatusCode::divergent_barrier);
  expect_contains(status.message, "block (1, 0, 0), warp 0 (threads 0-31): lane 3 called __ballot_sync() (" +
                                      site("without_caller") + ") with mask 0xfffffff7, but its mask does not name "
                                      "the calling lane");
  expect_device_still_works(*device);
}

TEST(EmuWarpMisuse, AFullMaskInAPartialLastWarp) {
  auto device = emulator(2);
  const Status status = run_misuse(*device, warp::warp_full_mask_in_partial_warp, 2, 48, 0);
  EXPECT_EQ(status.code, StatusCode::divergent_barrier);
  expect_contains(status.message, "warp 1 (threads 32-47)");
  expect_contains(status.message, "called __syncwarp() (" + site("partial_full_mask") + ") with mask 0xffffffff");
  expect_contains(status.message, "lanes 16-31: the block has only lanes 0-15 in this warp");
  expect_device_still_works(*device);
}

}  // namespace
}  // namespace cudalab::emu_test
