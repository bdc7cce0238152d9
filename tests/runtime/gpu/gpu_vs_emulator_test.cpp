// The same kernel source on the GPU and on the CPU emulator must agree: bit for bit where the
// arithmetic is deterministic (indices, barriers, integer and exactly representable float math),
// and on the order-independent outcome where threads race (atomics, printf and trace order).
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <memory>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "cudalab/buffer.h"
#include "cudalab/device.h"
#include "cudalab/kernel.h"
#include "cudalab/trace.h"
#include "fresh_process.h"
#include "kernels.h"
#include "src/backends.h"

using namespace cudalab;
namespace kernels = cudalab::test_kernels;

#define ASSERT_OK(expr)                              \
  do {                                               \
    const ::cudalab::Status status_ = (expr);        \
    ASSERT_TRUE(status_.ok()) << #expr << ": " << status_.describe(); \
  } while (0)

namespace {

class GpuAndEmulator : public ::testing::Test {
 protected:
  void SetUp() override {
    cudalab::Message why_none;
    if (query_cuda_devices(&why_none).empty()) GTEST_SKIP() << "no CUDA device: " << why_none;
    const Status status = make_cuda_device(0, &gpu_);
    ASSERT_TRUE(status.ok()) << status.describe();
    emulator_ = make_emulator_device(2, Message::text("compared with the GPU"));
    ASSERT_NE(emulator_, nullptr);
  }

  // Uploads `initial` to each backend, runs `launch_one(device, pointer)`, and returns what each
  // backend left in the buffer: {gpu, emulator}.
  template <class T, class LaunchOne>
  std::pair<std::vector<T>, std::vector<T>> on_both(const std::vector<T>& initial, LaunchOne launch_one) {
    std::pair<std::vector<T>, std::vector<T>> results;
    Device* devices[2] = {gpu_.get(), emulator_.get()};
    std::vector<T>* outputs[2] = {&results.first, &results.second};
    for (int d = 0; d < 2; ++d) {
      Buffer<T> buffer;
      Status status = Buffer<T>::from_host(*devices[d], std::span<const T>(initial), &buffer);
      if (status.ok()) status = launch_one(*devices[d], buffer.data());
      if (status.ok()) status = devices[d]->synchronize();
      EXPECT_TRUE(status.ok()) << devices[d]->facts().name << ": " << status.describe();
      outputs[d]->resize(initial.size());
      if (status.ok()) EXPECT_TRUE(buffer.download(std::span<T>(*outputs[d])).ok());
    }
    return results;
  }

  std::unique_ptr<Device> gpu_;
  std::unique_ptr<Device> emulator_;
};

std::vector<std::string> sorted_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}

}  // namespace

TEST_F(GpuAndEmulator, BuiltInIndicesAgreeIn3D) {
  const LaunchConfig config{Dim3(2, 3, 2), Dim3(4, 2, 3)};
  const auto [gpu, emu] = on_both(std::vector<unsigned>(config.total_threads() * 12, 0xDEADBEEFu),
                                  [&](Device& d, unsigned* out) { return launch(d, kernels::record_indices, config, out); });
  EXPECT_EQ(gpu, emu);
  EXPECT_EQ(gpu[12 * 5 + 0], 1u);  // thread 5 of block 0 is threadIdx (1, 1, 0)
}

TEST_F(GpuAndEmulator, BarriersAndSharedMemoryHoldOnBoth) {
  const auto [gpu_rounds, emu_rounds] = on_both(std::vector<int>(4 * 256, -1), [](Device& d, int* out) {
    return launch(d, kernels::barrier_rounds, {Dim3(4), Dim3(256)}, out, 50);
  });
  EXPECT_EQ(gpu_rounds, std::vector<int>(4 * 256, 0));
  EXPECT_EQ(gpu_rounds, emu_rounds);
  const auto [gpu_isolation, emu_isolation] = on_both(std::vector<int>(16 * 256, -1), [](Device& d, int* out) {
    return launch(d, kernels::shared_isolation, {Dim3(16), Dim3(256)}, out, 20, Trace{});
  });
  EXPECT_EQ(gpu_isolation, std::vector<int>(16 * 256, 0));
  EXPECT_EQ(gpu_isolation, emu_isolation);
}

TEST_F(GpuAndEmulator, DynamicSharedReverseAgrees) {
  std::vector<int> data(8 * 512);
  std::iota(data.begin(), data.end(), -1000);
  const auto [gpu, emu] = on_both(data, [](Device& d, int* out) {
    return launch(d, kernels::dynamic_reverse, {Dim3(8), Dim3(512), 512 * sizeof(int)}, out);
  });
  EXPECT_EQ(gpu, emu);
  EXPECT_EQ(gpu[0], data[511]);
  const auto [gpu_template, emu_template] = on_both(data, [](Device& d, int* out) {
    return launch(d, kernels::dynamic_reverse_template, {Dim3(8), Dim3(512), 512 * sizeof(int)}, out);
  });
  EXPECT_EQ(gpu_template, gpu);
  EXPECT_EQ(emu_template, emu);
}

TEST_F(GpuAndEmulator, BlockPrefixSumAgreesWithTheCpuReference) {
  std::mt19937 random(12345);
  std::uniform_int_distribution<int> values(-1000, 1000);
  std::vector<int> input(4 * 1024);
  for (int& v : input) v = values(random);
  std::vector<int> reference(input.size());
  for (std::size_t block = 0; block < 4; ++block) {
    int sum = 0;
    for (std::size_t i = 0; i < 1024; ++i) reference[block * 1024 + i] = sum += input[block * 1024 + i];
  }
  Buffer<int> in_gpu, in_emu;
  ASSERT_OK(Buffer<int>::from_host(*gpu_, std::span<const int>(input), &in_gpu));
  ASSERT_OK(Buffer<int>::from_host(*emulator_, std::span<const int>(input), &in_emu));
  const auto [gpu, emu] = on_both(std::vector<int>(input.size(), 0), [&](Device& d, int* out) {
    const int* in = d.is_gpu() ? in_gpu.data() : in_emu.data();
    return launch(d, kernels::block_prefix_sum, {Dim3(4), Dim3(1024)}, in, out);
  });
  EXPECT_EQ(gpu, reference);
  EXPECT_EQ(emu, reference);
}

TEST_F(GpuAndEmulator, AtomicsReachTheSameTotals) {
  constexpr int kThreads = 8 * 256;
  struct Outcome {
    std::vector<int> ints, old_exch;
    std::vector<unsigned> uints;
    std::vector<float> floats;
  };
  auto run = [&](Device& device, Outcome* outcome) {
    const std::vector<int> ints{0, 0, INT_MAX, INT_MIN, -1};
    const std::vector<unsigned> uints{0, UINT_MAX, 0, 0, 0};
    const std::vector<float> floats{0.0f, 1e30f, -1e30f, -1.0f};
    Buffer<int> ints_buffer, exch_buffer;
    Buffer<unsigned> uints_buffer;
    Buffer<float> floats_buffer;
    ASSERT_OK(Buffer<int>::from_host(device, std::span<const int>(ints), &ints_buffer));
    ASSERT_OK(Buffer<unsigned>::from_host(device, std::span<const unsigned>(uints), &uints_buffer));
    ASSERT_OK(Buffer<float>::from_host(device, std::span<const float>(floats), &floats_buffer));
    ASSERT_OK(Buffer<int>::create(device, kThreads, &exch_buffer));
    ASSERT_OK(launch(device, kernels::atomics_contention, {Dim3(8), Dim3(256)}, ints_buffer.data(),
                     uints_buffer.data(), floats_buffer.data(), exch_buffer.data()));
    ASSERT_OK(device.synchronize());
    outcome->ints.resize(5);
    outcome->uints.resize(5);
    outcome->floats.resize(4);
    outcome->old_exch.resize(kThreads);
    ASSERT_OK(ints_buffer.download(std::span<int>(outcome->ints)));
    ASSERT_OK(uints_buffer.download(std::span<unsigned>(outcome->uints)));
    ASSERT_OK(floats_buffer.download(std::span<float>(outcome->floats)));
    ASSERT_OK(exch_buffer.download(std::span<int>(outcome->old_exch)));
  };
  Outcome gpu, emu;
  run(*gpu_, &gpu);
  run(*emulator_, &emu);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(gpu.ints[i], emu.ints[i]) << "ints[" << i << "]";
  EXPECT_EQ(gpu.ints[0], kThreads);
  EXPECT_EQ(gpu.uints, emu.uints);
  EXPECT_EQ(gpu.uints[4], static_cast<unsigned>(kThreads));
  for (int i = 0; i < 3; ++i) EXPECT_EQ(std::memcmp(&gpu.floats[i], &emu.floats[i], sizeof(float)), 0) << "floats[" << i << "]";
  EXPECT_EQ(gpu.floats[0], 0.5f * kThreads);
  // The exchange chain: every thread saw a different old value; with the final value, they are
  // exactly {-1, 0, ..., kThreads - 1}, whatever order the threads ran in.
  for (const Outcome* outcome : {&gpu, &emu}) {
    std::vector<int> chain = outcome->old_exch;
    chain.push_back(outcome->ints[4]);
    std::sort(chain.begin(), chain.end());
    std::vector<int> expected(kThreads + 1);
    std::iota(expected.begin(), expected.end(), -1);
    EXPECT_EQ(chain, expected);
  }
}

TEST_F(GpuAndEmulator, PrintfSaysTheSameLines) {
  for (Device* device : {gpu_.get(), emulator_.get()}) {
    (void)device->take_printf_output();
    ASSERT_OK(launch(*device, kernels::print_hello, {Dim3(2), Dim3(3)}));
    ASSERT_OK(device->synchronize());
  }
  const auto gpu = sorted_lines(gpu_->take_printf_output());
  EXPECT_EQ(gpu.size(), 6u);
  EXPECT_EQ(gpu, sorted_lines(emulator_->take_printf_output()));
}

TEST_F(GpuAndEmulator, PrintfReturnsTheSameCounts) {
  const auto [gpu, emu] = on_both(std::vector<int>(4, -9), [](Device& d, int* out) {
    return launch(d, kernels::printf_returns, {Dim3(1), Dim3(1)}, out);
  });
  EXPECT_EQ(gpu, (std::vector<int>{0, 2, 3, 2}));
  EXPECT_EQ(emu, gpu);
}

TEST_F(GpuAndEmulator, TraceRecordsTheSameEvents) {
  using Key = std::tuple<std::uint32_t, std::uint32_t, std::uint32_t, int, int>;
  std::vector<Key> keys[2];
  Device* devices[2] = {gpu_.get(), emulator_.get()};
  for (int d = 0; d < 2; ++d) {
    TraceBuffer trace;
    ASSERT_OK(TraceBuffer::create(*devices[d], 4 * 64, &trace));
    ASSERT_OK(launch(*devices[d], kernels::trace_every_thread, {Dim3(4), Dim3(64)}, trace.handle()));
    ASSERT_OK(devices[d]->synchronize());
    std::vector<TraceEvent> events;
    std::uint64_t overflow = 0;
    ASSERT_OK(trace.read(&events, &overflow));
    EXPECT_EQ(overflow, 0u);
    for (const TraceEvent& e : events) {
      EXPECT_LT(e.sm, static_cast<std::uint32_t>(devices[d]->facts().sm_count));
      keys[d].emplace_back(e.kind, e.block, e.thread, e.payload[0], e.payload[1]);
    }
    std::sort(keys[d].begin(), keys[d].end());
  }
  EXPECT_EQ(keys[0].size(), 256u);
  EXPECT_EQ(keys[0], keys[1]);
}

TEST_F(GpuAndEmulator, BarrierVotesAgree) {
  const auto [gpu, emu] = on_both(std::vector<int>(2 * 1024 * 3, -1), [](Device& d, int* out) {
    return launch(d, kernels::barrier_votes, {Dim3(2), Dim3(1024)}, out);
  });
  EXPECT_EQ(gpu, emu);
  EXPECT_EQ(gpu[0], 342);  // threads 0, 3, ..., 1023 of 1024
  EXPECT_EQ(gpu[1], 0);    // not all below 1000
  EXPECT_EQ(gpu[2], 1);    // thread 7 exists
}

TEST_F(GpuAndEmulator, FloatScalingIsBitForBit) {
  std::mt19937 random(7);
  std::uniform_real_distribution<float> values(-1e6f, 1e6f);
  std::vector<float> data(10000);
  for (float& v : data) v = values(random);
  const auto [gpu, emu] = on_both(data, [&](Device& d, float* out) {
    return launch(d, kernels::scale_by_two, {Dim3(40), Dim3(256)}, out, static_cast<int>(data.size()));
  });
  ASSERT_EQ(gpu.size(), emu.size());
  EXPECT_EQ(std::memcmp(gpu.data(), emu.data(), gpu.size() * sizeof(float)), 0);
}

// Last in the file: see fresh_process.h.
TEST_F(GpuAndEmulator, TrapIsAKernelFaultOnBothAndTheGpuRunsAgain) {
  for (Device* device : {gpu_.get(), emulator_.get()}) {
    Buffer<int> out;
    ASSERT_OK(Buffer<int>::create(*device, 64, &out));
    ASSERT_OK(launch(*device, kernels::trap_in_one_thread, {Dim3(2), Dim3(32)}, out.data()));
    const Status fault = device->synchronize();
    EXPECT_EQ(fault.code, StatusCode::kernel_fault) << device->facts().name << ": " << fault.describe();
    EXPECT_EQ(fault.device_was_reset, device->is_gpu()) << fault.describe();
    std::printf("%s: %s\n", device->facts().name.c_str(), fault.describe().c_str());
  }
  // The GPU runs again in this process, or (drivers that refuse a faulted process a new context)
  // says to restart, and a restarted process runs.
  Buffer<float> probe;
  const Status after = Buffer<float>::create(*gpu_, 2, &probe);
  if (!after.ok()) {
    EXPECT_NE(after.message.find("restart CUDA Lab"), std::string::npos) << after.describe();
    std::string child_output;
    EXPECT_TRUE(gpu_tests::passes_in_a_fresh_process("GpuAndEmulator.FloatScalingIsBitForBit", &child_output))
        << child_output;
    return;
  }
  const auto [gpu, emu] = on_both(std::vector<float>{1.5f, -2.25f}, [](Device& d, float* out) {
    return launch(d, kernels::scale_by_two, {Dim3(1), Dim3(32)}, out, 2);
  });
  EXPECT_EQ(gpu, (std::vector<float>{3.0f, -4.5f}));
  EXPECT_EQ(gpu, emu);
}
