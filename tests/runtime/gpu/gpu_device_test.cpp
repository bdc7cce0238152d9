// The CUDA backend on a real GPU: printf through the app, real %smid/%globaltimer traces, a fault
// that resets the device and a good run after it, configurations refused in words, asynchronous
// launches, events, opt-in shared memory, kernel attributes. Every test skips without a GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <numeric>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cudalab/buffer.h"
#include "cudalab/device.h"
#include "cudalab/kernel.h"
#include "cudalab/trace.h"
#include "fresh_process.h"
#include "gpu_test_kernels.h"
#include "src/backends.h"

using namespace cudalab;

#define ASSERT_OK(expr)                               \
  do {                                                \
    const ::cudalab::Status status_ = (expr);         \
    ASSERT_TRUE(status_.ok()) << status_.describe();  \
  } while (0)

namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

class GpuDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    cudalab::Message why_none;
    if (query_cuda_devices(&why_none).empty()) GTEST_SKIP() << "no CUDA device: " << why_none;
    const Status status = make_cuda_device(0, &device_);
    ASSERT_TRUE(status.ok()) << status.describe();
  }
  const DeviceFacts& facts() const { return device_->facts(); }
  std::unique_ptr<Device> device_;
};

}  // namespace

TEST_F(GpuDevice, PrintfReachesTheAppNotStdout) {
  ASSERT_OK(launch(*device_, gpu_tests::say_hello, {Dim3(2), Dim3(4)}, 0.5f));
  ASSERT_OK(device_->synchronize());
  std::vector<std::string> printed = lines_of(device_->take_printf_output());
  std::sort(printed.begin(), printed.end());
  std::vector<std::string> expected;
  for (int block = 0; block < 2; ++block)
    for (unsigned thread = 0; thread < 4; ++thread) {
      char line[128];
      std::snprintf(line, sizeof line, "block %d thread %u scale %.2f from %s", block, thread, 0.5f * thread, "gpu");
      expected.push_back(line);
    }
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(printed, expected);
  EXPECT_EQ(device_->take_printf_output(), "");  // taken once
}

TEST_F(GpuDevice, PrintfOverflowIsCountedAndTheChannelRecovers) {
  constexpr int kThreads = 256 * 256;  // ~3 MiB of records for a 1 MiB channel
  ASSERT_OK(launch(*device_, gpu_tests::print_thread_numbers, {Dim3(256), Dim3(256)}));
  ASSERT_OK(device_->synchronize());
  const std::string output = device_->take_printf_output();
  std::set<int> seen;
  long long dropped = -1;
  const std::regex note(R"(\[cudalab: (\d+) printf calls did not fit in the 1 MiB printf buffer and were dropped\])");
  for (const std::string& line : lines_of(output)) {
    std::smatch match;
    int thread = -1;
    if (std::sscanf(line.c_str(), "thread %d", &thread) == 1) {
      EXPECT_TRUE(seen.insert(thread).second) << "printed twice: " << line;
      EXPECT_LT(thread, kThreads);
    } else if (std::regex_match(line, match, note)) {
      dropped = std::stoll(match[1]);
    } else {
      ADD_FAILURE() << "unexpected line: " << line;
    }
  }
  EXPECT_GT(seen.size(), 10000u);
  ASSERT_GT(dropped, 0);
  EXPECT_EQ(static_cast<long long>(seen.size()) + dropped, kThreads);

  ASSERT_OK(launch(*device_, gpu_tests::print_thread_numbers, {Dim3(1), Dim3(3)}));
  ASSERT_OK(device_->synchronize());
  std::vector<std::string> again = lines_of(device_->take_printf_output());
  std::sort(again.begin(), again.end());
  EXPECT_EQ(again, (std::vector<std::string>{"thread 0", "thread 1", "thread 2"}));
}

TEST_F(GpuDevice, TraceHasRealSmsAndTimesThatFollowTheBarrier) {
  constexpr unsigned kBlocks = 64, kThreads = 128;
  TraceBuffer trace;
  ASSERT_OK(TraceBuffer::create(*device_, 2 * kBlocks * kThreads, &trace));
  ASSERT_OK(launch(*device_, gpu_tests::record_around_barrier, {Dim3(kBlocks), Dim3(kThreads)}, trace.handle()));
  ASSERT_OK(device_->synchronize());
  std::vector<TraceEvent> events;
  std::uint64_t overflow = 1;
  ASSERT_OK(trace.read(&events, &overflow));
  EXPECT_EQ(overflow, 0u);
  ASSERT_EQ(events.size(), 2u * kBlocks * kThreads);

  std::set<std::uint32_t> sms;
  std::map<std::uint32_t, std::uint64_t> latest_before_barrier, earliest_after_barrier;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> first_time;
  for (const TraceEvent& e : events) {
    ASSERT_LT(e.sm, static_cast<std::uint32_t>(facts().sm_count));
    ASSERT_GT(e.time_ns, 0u);
    ASSERT_LT(e.block, kBlocks);
    ASSERT_LT(e.thread, kThreads);
    EXPECT_EQ(static_cast<std::uint32_t>(e.payload[0]), e.thread);
    sms.insert(e.sm);
    if (e.kind == 0) {
      latest_before_barrier[e.block] = std::max(latest_before_barrier[e.block], e.time_ns);
      first_time[{e.block, e.thread}] = e.time_ns;
    } else {
      auto [it, fresh] = earliest_after_barrier.try_emplace(e.block, e.time_ns);
      if (!fresh) it->second = std::min(it->second, e.time_ns);
    }
  }
  for (const TraceEvent& e : events)
    if (e.kind == 1) EXPECT_GE(e.time_ns, first_time.at({e.block, e.thread}));
  for (const auto& [block, latest] : latest_before_barrier)
    EXPECT_LE(latest, earliest_after_barrier.at(block)) << "block " << block;
  EXPECT_GT(sms.size(), 1u) << "64 blocks all on one SM";

  // A full buffer counts what did not fit and writes nothing past its end.
  TraceBuffer small;
  ASSERT_OK(TraceBuffer::create(*device_, 100, &small));
  ASSERT_OK(launch(*device_, gpu_tests::record_around_barrier, {Dim3(kBlocks), Dim3(kThreads)}, small.handle()));
  ASSERT_OK(device_->synchronize());
  ASSERT_OK(small.read(&events, &overflow));
  EXPECT_EQ(events.size(), 100u);
  EXPECT_EQ(overflow, 2u * kBlocks * kThreads - 100);
}

TEST_F(GpuDevice, ConfigurationsBeyondTheLimitsAreRefusedInWords) {
  Buffer<int> out;
  ASSERT_OK(Buffer<int>::create(*device_, 64, &out));
  Status status = launch(*device_, gpu_tests::fill_with_index, {Dim3(1), Dim3(2048)}, out.data(), 64, 0);
  EXPECT_EQ(status.code, StatusCode::invalid_config);
  EXPECT_NE(status.message.find("1024"), std::string::npos) << status.message;
  EXPECT_NE(status.message.find("2048"), std::string::npos) << status.message;
  status = launch(*device_, gpu_tests::fill_with_index, {Dim3(0), Dim3(32)}, out.data(), 64, 0);
  EXPECT_EQ(status.code, StatusCode::invalid_config);
  status = launch(*device_, gpu_tests::fill_with_index, {Dim3(1, 70000), Dim3(32)}, out.data(), 64, 0);
  EXPECT_EQ(status.code, StatusCode::invalid_config) << status.describe();
  status = launch(*device_, gpu_tests::fill_with_index, {Dim3(1), Dim3(32), facts().shared_per_block_optin + 1},
                  out.data(), 64, 0);
  EXPECT_EQ(status.code, StatusCode::invalid_config) << status.describe();
  // Nothing was enqueued, nothing broke: the device still runs.
  ASSERT_OK(launch(*device_, gpu_tests::fill_with_index, {Dim3(1), Dim3(64)}, out.data(), 64, 1));
  ASSERT_OK(device_->synchronize());
  std::vector<int> host(64);
  ASSERT_OK(out.download(host));
  EXPECT_EQ(host[63], 64);
}

TEST_F(GpuDevice, KernelWithoutAGpuBuildIsUnsupported) {
  const Kernel<void()> emulator_only{{"emulator_only", nullptr, nullptr}, nullptr};
  const Status status = launch(*device_, emulator_only, {Dim3(1), Dim3(1)});
  EXPECT_EQ(status.code, StatusCode::unsupported);
  EXPECT_NE(status.message.find("emulator_only"), std::string::npos);
}

TEST_F(GpuDevice, DynamicSharedMemoryPastFortyEightKibibytesOptsIn) {
  constexpr int kCount = 16384;  // 64 KiB of ints
  if (facts().shared_per_block_optin < kCount * sizeof(int)) GTEST_SKIP() << "this GPU has no 64 KiB opt-in";
  std::vector<int> input(kCount);
  std::iota(input.begin(), input.end(), 100);
  Buffer<int> in, out;
  ASSERT_OK(Buffer<int>::from_host(*device_, input, &in));
  ASSERT_OK(Buffer<int>::create(*device_, kCount, &out));
  ASSERT_OK(launch(*device_, gpu_tests::reverse_through_shared, {Dim3(1), Dim3(1024), kCount * sizeof(int)},
                   static_cast<const int*>(in.data()), out.data(), kCount));
  ASSERT_OK(device_->synchronize());
  std::vector<int> host(kCount);
  ASSERT_OK(out.download(host));
  std::reverse(input.begin(), input.end());
  EXPECT_EQ(host, input);
}

TEST_F(GpuDevice, LaunchReturnsBeforeTheKernelEnds) {
  Buffer<int> done;
  ASSERT_OK(Buffer<int>::create(*device_, 1, &done));
  ASSERT_OK(done.zero());
  // Warm-up: loads the module and binds printf, both synchronous the first time.
  ASSERT_OK(launch(*device_, gpu_tests::spin_for, {Dim3(1), Dim3(32)}, 1000ull, done.data()));
  ASSERT_OK(device_->synchronize());
  ASSERT_OK(done.zero());

  using clock = std::chrono::steady_clock;
  constexpr unsigned long long kSpinNs = 300'000'000;  // 300 ms of GPU time
  const auto before = clock::now();
  ASSERT_OK(launch(*device_, gpu_tests::spin_for, {Dim3(1), Dim3(32)}, kSpinNs, done.data()));
  const auto launched = clock::now();
  ASSERT_OK(device_->synchronize());
  const auto finished = clock::now();
  const double launch_ms = std::chrono::duration<double, std::milli>(launched - before).count();
  const double total_ms = std::chrono::duration<double, std::milli>(finished - before).count();
  std::printf("launch returned after %.3f ms; the kernel ended after %.1f ms\n", launch_ms, total_ms);
  EXPECT_LT(launch_ms, 100.0);
  EXPECT_GE(total_ms, 290.0);
  int host_done = 0;
  ASSERT_OK(done.download({&host_done, 1}));
  EXPECT_EQ(host_done, 1);
}

TEST_F(GpuDevice, EventsTimeTheKernelOnTheGpu) {
  EXPECT_EQ(device_->timing_source(), TimingSource::gpu_events);
  Buffer<int> done;
  ASSERT_OK(Buffer<int>::create(*device_, 1, &done));
  const auto start = device_->record_event();
  ASSERT_OK(launch(*device_, gpu_tests::spin_for, {Dim3(1), Dim3(32)}, 50'000'000ull, done.data()));
  const auto end = device_->record_event();
  ASSERT_OK(device_->synchronize());
  const double ms = device_->elapsed_ms(*start, *end);
  std::printf("50 ms spin measured by CUDA events: %.3f ms\n", ms);
  EXPECT_GE(ms, 49.0);
  EXPECT_LT(ms, 5000.0);
}

TEST_F(GpuDevice, ElapsedTimeAskedBeforeSynchronizeWaitsLikeTheEmulator) {
  Buffer<int> done;
  ASSERT_OK(Buffer<int>::create(*device_, 1, &done));
  const auto start = device_->record_event();
  ASSERT_OK(launch(*device_, gpu_tests::spin_for, {Dim3(1), Dim3(32)}, 20'000'000ull, done.data()));
  const auto end = device_->record_event();
  const double ms = device_->elapsed_ms(*start, *end);  // no synchronize() first
  EXPECT_GE(ms, 19.0);
  EXPECT_LT(ms, 5000.0);
  ASSERT_OK(device_->synchronize());  // and nothing was left behind as an error
}

TEST_F(GpuDevice, AllocationLargerThanFreeMemoryIsAMessage) {
  const std::size_t free_bytes = device_->free_memory();
  EXPECT_GT(free_bytes, 0u);
  EXPECT_LE(free_bytes, facts().global_mem_bytes);
  void* pointer = reinterpret_cast<void*>(0x1);
  const Status status = device_->allocate(facts().global_mem_bytes + free_bytes, &pointer);
  EXPECT_EQ(status.code, StatusCode::out_of_memory);
  EXPECT_EQ(pointer, nullptr);
  EXPECT_EQ(status.message.rfind("asked for ", 0), 0u) << status.message;
  EXPECT_NE(status.message.find("GB free"), std::string::npos) << status.message;
  std::printf("too big: %s\n", status.message.c_str());
}

TEST_F(GpuDevice, CopiesRoundTripThroughPinnedAndDeviceMemory) {
  constexpr std::size_t kCount = 1 << 20;
  PinnedBuffer<int> pinned;
  ASSERT_OK(PinnedBuffer<int>::create(*device_, kCount, &pinned));
  for (std::size_t i = 0; i < kCount; ++i) pinned.data()[i] = static_cast<int>(i * 2654435761u);
  Buffer<int> first, second;
  ASSERT_OK(Buffer<int>::from_host(*device_, std::span<const int>(pinned.span()), &first));
  ASSERT_OK(Buffer<int>::create(*device_, kCount, &second));
  ASSERT_OK(device_->copy_device_to_device(second.data(), first.data(), first.bytes()));
  std::vector<int> back(kCount);
  ASSERT_OK(second.download(back));
  EXPECT_TRUE(std::equal(back.begin(), back.end(), pinned.data()));
  ASSERT_OK(second.zero());
  ASSERT_OK(second.download(back));
  EXPECT_TRUE(std::all_of(back.begin(), back.end(), [](int v) { return v == 0; }));
}

TEST_F(GpuDevice, KernelAttributesComeFromTheCompiler) {
  KernelAttributes attributes;
  ASSERT_OK(device_->kernel_attributes(gpu_tests::fill_with_index.entry, &attributes));
  EXPECT_GT(attributes.registers_per_thread, 0);
  EXPECT_LE(attributes.registers_per_thread, 255);
  EXPECT_EQ(attributes.static_shared_bytes, 0u);
  EXPECT_GT(attributes.max_threads_per_block, 0);
  EXPECT_EQ(attributes.binary_version, facts().cc_major * 10 + facts().cc_minor);
  std::printf("fill_with_index: %d registers, %zu local bytes, SASS %d, PTX %d\n", attributes.registers_per_thread,
              attributes.local_bytes_per_thread, attributes.binary_version, attributes.ptx_version);
}

// Last in the file: on drivers that refuse a faulted process a new context, every later test of
// this process would fail to open the GPU (ctest runs each test in its own process).
TEST_F(GpuDevice, IllegalAddressResetsTheGpuAndTheNextRunWorksOrSaysRestart) {
  Buffer<int> lost_in_reset;
  ASSERT_OK(Buffer<int>::create(*device_, 256, &lost_in_reset));
  // Pinned host memory goes with the context too: its destructor must not free it again.
  PinnedBuffer<int> pinned_lost_in_reset;
  ASSERT_OK(PinnedBuffer<int>::create(*device_, 256, &pinned_lost_in_reset));
  const std::uint64_t generation = device_->generation();

  ASSERT_OK(launch(*device_, gpu_tests::write_to_address, {Dim3(1), Dim3(32)}, 0x10ull, 7));
  const auto before = std::chrono::steady_clock::now();
  const Status fault = device_->synchronize();
  const double recovery_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - before).count();
  std::printf("fault, reset and new context took %.1f ms\n", recovery_ms);
  EXPECT_EQ(fault.code, StatusCode::kernel_fault) << fault.describe();
  EXPECT_TRUE(fault.device_was_reset);
  EXPECT_NE(fault.message.find("cudaError"), std::string::npos) << fault.message;
  EXPECT_NE(fault.message.find("reset"), std::string::npos) << fault.message;
  EXPECT_NE(fault.message.find("lost"), std::string::npos) << fault.message;
  EXPECT_EQ(fault.expression, "cudaDeviceSynchronize()");
  EXPECT_EQ(device_->generation(), generation + 1);
  std::printf("fault reported as: %s\n", fault.describe().c_str());

  // The next run works: memory, launches and printf on the fresh context. Where the driver
  // refuses this process a new context, the device must say so in words (restart), and a
  // restarted process must indeed run.
  constexpr int kCount = 1000;
  Buffer<int> out;
  const Status after = Buffer<int>::create(*device_, kCount, &out);
  if (!after.ok()) {
    EXPECT_EQ(after.code, StatusCode::no_device) << after.describe();
    EXPECT_NE(after.message.find("restart CUDA Lab"), std::string::npos) << after.message;
    EXPECT_NE(fault.message.find("restart CUDA Lab"), std::string::npos) << fault.message;
    std::string child_output;
    EXPECT_TRUE(gpu_tests::passes_in_a_fresh_process("GpuDevice.CopiesRoundTripThroughPinnedAndDeviceMemory",
                                                     &child_output))
        << child_output;
    std::printf("this driver gives a faulted process no new context; a restarted process ran: %s\n",
                child_output.find("[  PASSED  ] 1 test.") != std::string::npos ? "yes" : "no");
    return;
  }
  ASSERT_OK(launch(*device_, gpu_tests::fill_with_index, {Dim3(4), Dim3(256)}, out.data(), kCount, 5));
  ASSERT_OK(launch(*device_, gpu_tests::say_hello, {Dim3(1), Dim3(2)}, 1.0f));
  ASSERT_OK(device_->synchronize());
  std::vector<int> host(kCount);
  ASSERT_OK(out.download(host));
  for (int i = 0; i < kCount; ++i) ASSERT_EQ(host[i], i + 5) << "at " << i;
  EXPECT_EQ(lines_of(device_->take_printf_output()).size(), 2u);
  // `lost_in_reset` belongs to the old generation: destroying it must not free anything.
}
