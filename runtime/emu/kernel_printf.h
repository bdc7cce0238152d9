#pragma once
// Kernel printf on the emulator: formatted at once into the worker's buffer, handed to the launch
// after each block (so one block's lines stay together), never written to stdout. Like CUDA's
// printf FIFO (cudaLimitPrintfFifoSize, 1 MiB by default) a launch keeps at most 1 MiB; what does
// not fit is counted and said, not silently lost.
#include <cstddef>
#include <mutex>
#include <string>
#include <string_view>

namespace cudalab::emu {

class PrintfCapture {
 public:
  static constexpr std::size_t kDefaultCapacity = std::size_t(1) << 20;
  explicit PrintfCapture(std::size_t capacity = kDefaultCapacity) : capacity_(capacity) {}

  // Thread-safe; bytes beyond the capacity are counted as dropped.
  void append(std::string_view text, std::size_t dropped_elsewhere = 0);
  // Everything captured, followed by a line saying how much was dropped, if anything was.
  std::string take();

 private:
  std::mutex mutex_;
  std::string text_;
  std::size_t dropped_bytes_ = 0;
  std::size_t capacity_;
};

// Moves what this worker's kernel threads printed into `capture`.
void flush_worker_printf(PrintfCapture& capture);

}  // namespace cudalab::emu
