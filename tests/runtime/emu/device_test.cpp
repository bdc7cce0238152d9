// The emulator as a Device: asynchronous launches on an in-order queue, copies that wait for
// queued work, events, launch validation, memory checks.
#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "emu_test_support.h"

namespace cudalab::emu_test {
namespace {

// The emulator's device memory is host memory, so a test may poke it while a kernel runs: the one
// way to prove that launch() returned before its kernel ended.
std::atomic_ref<int> live(const Buffer<int>& buffer) { return std::atomic_ref<int>(*buffer.data()); }

constexpr long long kSpinLimit = 400'000'000;  // ~1 s of polling: far longer than the test needs

TEST(EmuDevice, LaunchReturnsBeforeTheKernelEndsAndSynchronizeWaits) {
  auto device = emulator(2);
  Buffer<int> flag = filled(*device, 1, 0);
  Buffer<int> done = filled(*device, 1, 0);
  ASSERT_OK(launch(*device, test_kernels::wait_for_flag, {Dim3(1), Dim3(1)}, flag.data(), done.data(), kSpinLimit));
  // The kernel cannot end before the flag is set: launch() must have returned while it runs.
  EXPECT_EQ(live(done).load(), 0) << "launch() waited for the kernel";
  live(flag).store(1);
  ASSERT_OK(device->synchronize());
  EXPECT_EQ(live(done).load(), 1) << "2 means the kernel never saw the flag";
}

TEST(EmuDevice, CopiesWaitForQueuedWork) {
  auto device = emulator(2);
  Buffer<int> flag = filled(*device, 1, 0);
  Buffer<int> done = filled(*device, 1, 0);
  ASSERT_OK(launch(*device, test_kernels::wait_for_flag, {Dim3(1), Dim3(1)}, flag.data(), done.data(), kSpinLimit));
  std::thread host_helper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(30));
    live(flag).store(1);
  });
  EXPECT_EQ(download(done), std::vector<int>{1}) << "the copy ran before the queued kernel finished";
  host_helper.join();
}

TEST(EmuDevice, LaunchesRunInOrder) {
  auto device = emulator(3);
  const int n = 1000;
  std::vector<float> values(n, 1.0f);
  Buffer<float> data = upload(*device, values);
  for (int i = 0; i < 10; ++i) ASSERT_OK(launch(*device, test_kernels::scale_by_two, {Dim3(8), Dim3(128)}, data.data(), n));
  EXPECT_EQ(download(data), std::vector<float>(n, 1024.0f));
}

TEST(EmuDevice, EventsAreStampedWhenTheQueueReachesThem) {
  auto device = emulator(2);
  EXPECT_EQ(device->timing_source(), TimingSource::emulator_clock);
  Buffer<int> flag = filled(*device, 1, 0);
  Buffer<int> done = filled(*device, 1, 0);
  auto start = device->record_event();
  ASSERT_OK(launch(*device, test_kernels::wait_for_flag, {Dim3(1), Dim3(1)}, flag.data(), done.data(), kSpinLimit));
  auto end = device->record_event();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  live(flag).store(1);
  ASSERT_OK(device->synchronize());
  const double ms = device->elapsed_ms(*start, *end);
  EXPECT_GE(ms, 15.0) << "the end event was stamped before the kernel it follows had finished";
  EXPECT_LT(ms, 5000.0);
}

TEST(EmuDevice, LaunchConfigurationIsValidatedFirst) {
  auto device = emulator(1);
  Buffer<float> data = filled(*device, 16, 0.f);
  for (const LaunchConfig& bad : {LaunchConfig{Dim3(1), Dim3(2048)}, LaunchConfig{Dim3(0), Dim3(32)},
                                  LaunchConfig{Dim3(1), Dim3(1, 1, 65)}}) {
    const Status status = launch(*device, test_kernels::scale_by_two, bad, data.data(), 16);
    const Status expected = validate_launch(bad, device->facts());
    EXPECT_EQ(status.code, StatusCode::invalid_config) << bad.str();
    EXPECT_EQ(status.message, expected.message) << "launch must return validate_launch's Status unchanged";
  }
  EXPECT_OK(device->synchronize());
}

TEST(EmuDevice, FactsSayWhatTheEmulatorIs) {
  auto device = emulator(3);
  EXPECT_FALSE(device->is_gpu());
  EXPECT_EQ(device->facts().sm_count, 3);
  EXPECT_EQ(device->facts().why_no_gpu.english(), "emulator tests");
}

TEST(EmuDevice, MemoryIsCheckedAgainstWhatIsFree) {
  auto device = emulator(1);
  void* too_big = nullptr;
  const Status refused = device->allocate(device->free_memory() + 1, &too_big);
  EXPECT_EQ(refused.code, StatusCode::out_of_memory);
  EXPECT_EQ(too_big, nullptr);

  const std::size_t before = device->free_memory();
  {
    Buffer<int> buffer = filled(*device, 1000, 3);
    EXPECT_EQ(device->free_memory(), before - 1000 * sizeof(int));
  }
  EXPECT_EQ(device->free_memory(), before);
}

TEST(EmuDevice, CopiesMustStayInsideDeviceMemory) {
  auto device = emulator(1);
  Buffer<int> buffer = filled(*device, 4, 0);
  std::vector<int> host(8, 1);
  const Status past_end = device->copy_to_device(buffer.data(), host.data(), 8 * sizeof(int));
  EXPECT_EQ(past_end.code, StatusCode::invalid_argument);
  const Status not_device = device->copy_to_host(host.data(), host.data() + 4, sizeof(int));
  EXPECT_EQ(not_device.code, StatusCode::invalid_argument);
  EXPECT_OK(device->copy_to_device(buffer.data(), host.data(), 4 * sizeof(int)));
}

}  // namespace
}  // namespace cudalab::emu_test
