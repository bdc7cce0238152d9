// The Device's streams, which chapter 4's overlap step stands on: numbered streams for launches,
// asynchronous copies and events; bad stream numbers refused in words; results right whichever
// streams carry the work; events in order on each stream. Run twice like the lesson tests: on the
// emulator (streams run in order on its one queue) and, as gpu.*, on a GPU.
#include <gtest/gtest.h>

#include <vector>

#include "04_round_trip/host_work.h"
#include "04_round_trip/kernels.h"
#include "cudalab/buffer.h"
#include "cudalab/device.h"
#include "lesson_test_support.h"

using namespace cudalab;
using cudalab::lessons::lesson_tests::open_test_device;
using namespace cudalab::lessons::round_trip;

namespace {

struct RoundTripStreams : ::testing::Test {
  void SetUp() override { open_test_device(&device); }
  std::unique_ptr<Device> device;
};

}  // namespace

TEST_F(RoundTripStreams, TheLaunchSyntaxNamesTheStream) {
  EXPECT_EQ((LaunchConfig{Dim3(8), Dim3(256)}.str()), "<<<8, 256>>>");
  EXPECT_EQ((LaunchConfig{Dim3(8), Dim3(256), 0, 2}.str()), "<<<8, 256, 0, stream 2>>>");
  EXPECT_EQ((LaunchConfig{Dim3(8), Dim3(256), 1024, 3}.str()), "<<<8, 256, 1024, stream 3>>>");
}

TEST_F(RoundTripStreams, StreamNumbersOutsideTheRangeAreRefusedInWords) {
  Buffer<float> x, y;
  ASSERT_TRUE(Buffer<float>::create(*device, 256, &x).ok());
  ASSERT_TRUE(Buffer<float>::create(*device, 256, &y).ok());
  for (int stream : {-1, kLastStream + 1}) {
    Status launched = launch(*device, evaluate_polynomial, LaunchConfig{Dim3(1), Dim3(256), 0, stream}, x.data(), y.data(), 256, 1);
    EXPECT_EQ(launched.code, StatusCode::invalid_config);
    EXPECT_NE(launched.message.find("streams are numbered 0 to 16; you asked for stream " + std::to_string(stream)),
              std::string::npos)
        << launched.message;
    std::vector<float> host(256);
    Status copied = device->copy_to_device_async(x.data(), host.data(), 1024, stream);
    EXPECT_EQ(copied.code, StatusCode::invalid_argument);
    EXPECT_NE(copied.message.find("streams are numbered 0 to 16"), std::string::npos) << copied.message;
    EXPECT_EQ(device->copy_to_host_async(host.data(), y.data(), 1024, stream).code, StatusCode::invalid_argument);
  }
  // Nothing was enqueued by the refusals: the device still works.
  EXPECT_TRUE(device->synchronize().ok());
}

TEST_F(RoundTripStreams, WorkSpreadOverStreamsGivesTheCpusResults) {
  const std::size_t n = 40000, chunks = 7;
  const int terms = 12;
  const std::vector<float> inputs = polynomial_inputs(n, 5);
  std::vector<float> expected(n);
  polynomial_on_cpu(inputs, expected, terms);
  PinnedBuffer<float> x, y;
  ASSERT_TRUE(PinnedBuffer<float>::create(*device, n, &x).ok());
  ASSERT_TRUE(PinnedBuffer<float>::create(*device, n, &y).ok());
  std::copy(inputs.begin(), inputs.end(), x.data());
  Buffer<float> device_x, device_y;
  ASSERT_TRUE(Buffer<float>::create(*device, n, &device_x).ok());
  ASSERT_TRUE(Buffer<float>::create(*device, n, &device_y).ok());

  const std::size_t chunk = (n + chunks - 1) / chunks;
  std::vector<std::pair<std::shared_ptr<Event>, std::shared_ptr<Event>>> marks;
  for (std::size_t first = 0, c = 0; first < n; first += chunk, ++c) {
    const int stream = 1 + static_cast<int>(c % 3);
    const std::size_t count = std::min(chunk, n - first);
    auto before = device->record_event_on(stream);
    ASSERT_TRUE(device->copy_to_device_async(device_x.data() + first, x.data() + first, count * sizeof(float), stream).ok());
    const LaunchConfig config{Dim3(static_cast<unsigned>((count + 127) / 128)), Dim3(128), 0, stream};
    ASSERT_TRUE(launch(*device, evaluate_polynomial, config, device_x.data() + first, device_y.data() + first,
                       static_cast<int>(count), terms)
                    .ok());
    ASSERT_TRUE(device->copy_to_host_async(y.data() + first, device_y.data() + first, count * sizeof(float), stream).ok());
    marks.emplace_back(before, device->record_event_on(stream));
  }
  ASSERT_TRUE(device->synchronize().ok());
  EXPECT_EQ(count_disagreements(y.span(), expected), 0u);
  for (const auto& [before, after] : marks) EXPECT_GE(device->elapsed_ms(*before, *after), 0.0);
}

TEST_F(RoundTripStreams, OnlyAGpuSaysItsStreamsOverlap) {
  EXPECT_EQ(device->streams_overlap(), device->is_gpu());
}

TEST_F(RoundTripStreams, TheDefaultStreamStillWaitsForTheOthers) {
  // A synchronous copy after work on stream 2 must see that work's result, as cudaMemcpy on the
  // default stream waits for blocking streams.
  const std::size_t n = 4096;
  const std::vector<float> inputs = polynomial_inputs(n, 9);
  std::vector<float> expected(n), result(n);
  polynomial_on_cpu(inputs, expected, 300);
  Buffer<float> device_x, device_y;
  ASSERT_TRUE(Buffer<float>::from_host(*device, inputs, &device_x).ok());
  ASSERT_TRUE(Buffer<float>::create(*device, n, &device_y).ok());
  ASSERT_TRUE(launch(*device, evaluate_polynomial, LaunchConfig{Dim3(n / 256), Dim3(256), 0, 2}, device_x.data(),
                     device_y.data(), static_cast<int>(n), 300)
                  .ok());
  ASSERT_TRUE(device_y.download(result).ok());
  EXPECT_EQ(count_disagreements(result, expected), 0u);
}
