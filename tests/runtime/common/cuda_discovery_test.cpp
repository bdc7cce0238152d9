// Finding CUDA devices works on every machine: with no driver the answer is "none, because...",
// never a crash or an exception; with a GPU every fact is filled in.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "cudalab/device.h"
#include "src/backends.h"

using namespace cudalab;

TEST(CudaDiscovery, NoneComesWithAReasonAndSomeComeWithFacts) {
  cudalab::Message why_none = cudalab::Message::text("stale");
  const std::vector<DeviceFacts> gpus = query_cuda_devices(&why_none);
  if (gpus.empty()) {
    EXPECT_FALSE(why_none.empty());
    EXPECT_NE(why_none.english(), "stale");
    // The CUDA error travels in words: the student (and a bug report) can see which one.
    if (why_none.english().find("driver") != std::string::npos)
      EXPECT_NE(why_none.english().find("cudaErrorInsufficientDriver"), std::string::npos) << why_none;
  } else {
    EXPECT_TRUE(why_none.empty()) << why_none;
    for (const DeviceFacts& gpu : gpus) {
      EXPECT_TRUE(gpu.is_gpu());
      EXPECT_FALSE(gpu.name.empty());
      EXPECT_GE(gpu.cc_major, 7);
      EXPECT_GT(gpu.sm_count, 0);
      EXPECT_EQ(gpu.warp_size, 32);
      EXPECT_GT(gpu.clock_khz, 0);
      EXPECT_GT(gpu.mem_clock_khz, 0);
      EXPECT_GT(gpu.mem_bus_width_bits, 0);
      EXPECT_GT(gpu.global_mem_bytes, 0u);
      EXPECT_GE(gpu.shared_per_block_optin, gpu.shared_per_block);
      EXPECT_GT(gpu.theoretical_bandwidth_gbs(), 0);
    }
  }
}

TEST(CudaDiscovery, OpeningAMissingGpuIsAStatus) {
  cudalab::Message why_none;
  const auto gpus = query_cuda_devices(&why_none);
  std::unique_ptr<Device> device;
  const Status status = make_cuda_device(static_cast<int>(gpus.size()), &device);
  EXPECT_EQ(status.code, StatusCode::no_device);
  EXPECT_FALSE(status.message.empty());
  EXPECT_EQ(device, nullptr);
  if (gpus.empty()) EXPECT_NE(status.message.find(why_none.english()), std::string::npos) << status.message;
}
