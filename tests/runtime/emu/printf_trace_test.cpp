// Kernel printf is captured per launch (never on stdout); the trace buffer counts what overflows
// and writes nothing past its end.
#include <algorithm>
#include <sstream>

#include "cudalab/trace.h"
#include "emu_test_support.h"

namespace cudalab::emu_test {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

TEST(EmuPrintf, CapturedExactlyAndNotOnStdout) {
  auto device = emulator(1);
  testing::internal::CaptureStdout();
  ASSERT_OK(launch(*device, test_kernels::print_hello, {Dim3(2), Dim3(3)}));
  ASSERT_OK(device->synchronize());
  const std::string on_stdout = testing::internal::GetCapturedStdout();
  EXPECT_EQ(on_stdout, "");
  // One worker runs block 0 then block 1, each block's threads in order.
  EXPECT_EQ(device->take_printf_output(),
            "hello from thread 0 of block 0\n"
            "hello from thread 1 of block 0\n"
            "hello from thread 2 of block 0\n"
            "hello from thread 0 of block 1\n"
            "hello from thread 1 of block 1\n"
            "hello from thread 2 of block 1\n");
  EXPECT_EQ(device->take_printf_output(), "") << "taken output must not come back";
}

TEST(EmuPrintf, EveryLineOnceWithSeveralWorkersAndBlocksKeepTheirLinesTogether) {
  auto device = emulator(3);
  const unsigned blocks = 12, threads = 5;
  ASSERT_OK(launch(*device, test_kernels::print_hello, {Dim3(blocks), Dim3(threads)}));
  ASSERT_OK(launch(*device, test_kernels::print_hello, {Dim3(1), Dim3(1)}));
  ASSERT_OK(device->synchronize());
  std::vector<std::string> lines = lines_of(device->take_printf_output());
  ASSERT_EQ(lines.size(), blocks * threads + 1);
  EXPECT_EQ(lines.back(), "hello from thread 0 of block 0") << "the second launch prints after the first";
  lines.pop_back();
  for (std::size_t first = 0; first < lines.size(); first += threads)
    for (unsigned t = 0; t < threads; ++t)
      EXPECT_EQ(lines[first + t].rfind("hello from thread " + std::to_string(t) + " of block", 0), 0u) << lines[first + t];
  std::vector<std::string> expected;
  for (unsigned b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < threads; ++t)
      expected.push_back("hello from thread " + std::to_string(t) + " of block " + std::to_string(b));
  std::sort(lines.begin(), lines.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(lines, expected);
}

TEST(EmuPrintf, ReturnsTheArgumentCountLikeTheGpu) {
  auto device = emulator(1);
  Buffer<int> out = filled(*device, 4, -9);
  ASSERT_OK(launch(*device, test_kernels::printf_returns, {Dim3(1), Dim3(1)}, out.data()));
  ASSERT_OK(device->synchronize());
  EXPECT_EQ(download(out), (std::vector<int>{0, 2, 3, 2}));
  EXPECT_NE(device->take_printf_output().find("3.14|text|x|%"), std::string::npos);
}

TEST(EmuPrintf, ALaunchKeepsOneMebibyteAndSaysWhatItDropped) {
  auto device = emulator(2);
  ASSERT_OK(launch(*device, test_kernels::print_hello, {Dim3(64), Dim3(1024)}));  // ~2.2 MB of text
  ASSERT_OK(device->synchronize());
  const std::string output = device->take_printf_output();
  EXPECT_LE(output.size(), (std::size_t(1) << 20) + 200);
  EXPECT_GT(output.size(), (std::size_t(1) << 20) - 100);
  EXPECT_NE(output.find("bytes of kernel printf output were dropped"), std::string::npos) << output.substr(output.size() - 200);
}

TEST(EmuTrace, OverflowIsCountedAndNothingIsWrittenPastTheEnd) {
  auto device = emulator(2);
  TraceBuffer trace;
  ASSERT_OK(TraceBuffer::create(*device, 10, &trace));
  ASSERT_OK(launch(*device, test_kernels::trace_every_thread, {Dim3(2), Dim3(32)}, trace.handle()));
  std::vector<TraceEvent> events;
  std::uint64_t overflow = 0;
  ASSERT_OK(trace.read(&events, &overflow));
  EXPECT_EQ(events.size(), 10u);
  EXPECT_EQ(overflow, 54u);
  for (const TraceEvent& e : events) {
    EXPECT_EQ(e.kind, 7u);
    EXPECT_EQ(e.payload[0], static_cast<int>(e.thread));
    EXPECT_EQ(e.payload[1], static_cast<int>(e.block));
    EXPECT_LT(e.sm, 2u) << "sm is the worker id on the emulator";
    EXPECT_GT(e.time_ns, 0u);
  }

  // The same kernel on a hand-made Trace whose storage has two guard events after its capacity.
  TraceEvent guard;
  guard.kind = 0xDEAD;
  Buffer<TraceEvent> storage = upload(*device, std::vector<TraceEvent>(12, guard));
  Buffer<unsigned int> count = filled(*device, 1, 0u);
  Trace small;
  small.events = storage.data();
  small.capacity = 10;
  small.count = count.data();
  ASSERT_OK(launch(*device, test_kernels::trace_every_thread, {Dim3(2), Dim3(32)}, small));
  const std::vector<TraceEvent> stored = download(storage);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(stored[i].kind, 7u) << "event " << i;
  EXPECT_EQ(stored[10].kind, 0xDEADu) << "written past the end";
  EXPECT_EQ(stored[11].kind, 0xDEADu) << "written past the end";
  EXPECT_EQ(download(count)[0], 64u) << "every attempt is counted";
}

}  // namespace
}  // namespace cudalab::emu_test
