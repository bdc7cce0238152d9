// A __syncthreads() that not every thread of a block reaches is reported — block, threads, call
// sites — never a hang; so are traps and exceptions; and the device works for the next launch.
#include <fstream>
#include <stdexcept>

#include "cudalab/emu/context.h"
#include "emu_test_support.h"

namespace cudalab::emu_test {
namespace {

// "kernels.cuh:N" where N is the line of the `occurrence`-th __syncthreads() in kernel `kernel`.
std::string barrier_site(const std::string& kernel, int occurrence) {
  std::ifstream source(CUDALAB_TEST_KERNELS_CUH);
  std::string line;
  int number = 0;
  bool inside = false;
  while (std::getline(source, line)) {
    ++number;
    if (line.find("void " + kernel + "(") != std::string::npos) inside = true;
    if (inside && line.find("__syncthreads();") != std::string::npos && --occurrence == 0)
      return "kernels.cuh:" + std::to_string(number);
  }
  ADD_FAILURE() << "no such barrier in kernels.cuh: " << kernel;
  return "?";
}

// The device is still usable: a correct kernel with barriers runs and gives correct results.
void expect_device_still_works(Device& device) {
  Buffer<int> wrong_reads = filled(device, 4 * 64, -1);
  ASSERT_OK(launch(device, test_kernels::barrier_rounds, {Dim3(4), Dim3(64)}, wrong_reads.data(), 3));
  ASSERT_OK(device.synchronize());
  EXPECT_EQ(download(wrong_reads), std::vector<int>(4 * 64, 0));
}

template <class Kernel>
Status run_divergent(Device& device, const Kernel& kernel) {
  Buffer<int> out = filled(device, 4 * 64, 0);
  const Status launched = launch(device, kernel, {Dim3(4), Dim3(64)}, out.data(), 2);
  EXPECT_TRUE(launched.ok()) << "the launch itself is fine; the fault shows at synchronize: " << launched.describe();
  return device.synchronize();
}

void expect_contains(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << "expected \"" << part << "\" in:\n" << text;
}

TEST(EmuDivergentBarrier, EarlyReturnNamesTheBlockAndTheMissingThreads) {
  auto device = emulator(2);
  const Status status = run_divergent(*device, test_kernels::early_return);
  EXPECT_EQ(status.code, StatusCode::divergent_barrier);
  expect_contains(status.message, "kernel early_return<<<4, 64>>>");
  expect_contains(status.message, "block (2, 0, 0)");
  expect_contains(status.message, "threads 16-63 wait at __syncthreads() (" + barrier_site("early_return", 1) + ")");
  expect_contains(status.message, "threads 0-15 returned without reaching it");
  EXPECT_EQ("kernels.cuh:" + std::to_string(status.line), barrier_site("early_return", 1));
  expect_device_still_works(*device);
}

TEST(EmuDivergentBarrier, BarrierInsideAnIf) {
  auto device = emulator(1);
  const Status status = run_divergent(*device, test_kernels::barrier_in_if);
  EXPECT_EQ(status.code, StatusCode::divergent_barrier);
  expect_contains(status.message, "block (2, 0, 0)");
  expect_contains(status.message, "threads 0-39 wait at __syncthreads() (" + barrier_site("barrier_in_if", 1) + ")");
  expect_contains(status.message, "threads 40-63 returned without reaching it");
  expect_device_still_works(*device);
}

TEST(EmuDivergentBarrier, DifferentCallSites) {
  auto device = emulator(2);
  const Status status = run_divergent(*device, test_kernels::barrier_sites);
  EXPECT_EQ(status.code, StatusCode::divergent_barrier);
  expect_contains(status.message, "block (2, 0, 0)");
  expect_contains(status.message, "threads 0-31 at " + barrier_site("barrier_sites", 2));
  expect_contains(status.message, "threads 32-63 at " + barrier_site("barrier_sites", 1));
  expect_device_still_works(*device);
}

TEST(EmuDivergentBarrier, ReturnAfterAnEarlierBarrierCompleted) {
  auto device = emulator(2);
  const Status status = run_divergent(*device, test_kernels::late_return);
  EXPECT_EQ(status.code, StatusCode::divergent_barrier);
  expect_contains(status.message, "block (2, 0, 0)");
  expect_contains(status.message, "threads 0-4, 6-63 wait at __syncthreads() (" + barrier_site("late_return", 2) + ")");
  expect_contains(status.message, "thread 5 returned without reaching it");
  expect_device_still_works(*device);
}

TEST(EmuKernelFault, TrapEndsTheLaunchWithTheThreadAndBlock) {
  auto device = emulator(2);
  Buffer<int> out = filled(*device, 3 * 64, 0);
  ASSERT_OK(launch(*device, test_kernels::trap_in_one_thread, {Dim3(3), Dim3(64)}, out.data()));
  const Status status = device->synchronize();
  EXPECT_EQ(status.code, StatusCode::kernel_fault);
  expect_contains(status.message, "thread (3, 0, 0) of block (1, 0, 0): __trap() was called");
  EXPECT_OK(device->synchronize());  // reported once
  expect_device_still_works(*device);
}

// Kernel bodies written directly against the engine, for what plain CUDA cannot express: a thread
// that throws a C++ exception, while the others wait at a barrier.
void throw_in_thread_ten(const void*) {
  const auto where = std::source_location::current();
  emu::syncthreads(where);
  if (emu::tls_context->thread_idx.x == 10) throw std::runtime_error("thread ten gave up");
  emu::syncthreads(where);
}

TEST(EmuKernelFault, AnExceptionInAKernelThreadIsAFaultNotACrash) {
  auto device = emulator(2);
  const EmuInvocation body{nullptr, &throw_in_thread_ten};
  ASSERT_OK(device->launch(KernelEntry{"throws"}, {Dim3(4), Dim3(32)}, nullptr, body));
  const Status status = device->synchronize();
  EXPECT_EQ(status.code, StatusCode::kernel_fault);
  expect_contains(status.message, "thread (10, 0, 0) of block");
  expect_contains(status.message, "thread ten gave up");
  expect_device_still_works(*device);
}

TEST(EmuKernelFault, ALaunchWithoutAnEmulatorBodyIsRefused) {
  auto device = emulator(1);
  const Status status = device->launch(KernelEntry{"missing"}, {Dim3(1), Dim3(1)}, nullptr, EmuInvocation{});
  EXPECT_EQ(status.code, StatusCode::invalid_argument);
  expect_contains(status.message, "missing");
}

}  // namespace
}  // namespace cudalab::emu_test
