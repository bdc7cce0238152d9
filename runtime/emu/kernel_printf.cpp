#include "emu/kernel_printf.h"

#include <cstdarg>
#include <cstdio>

#include <fmt/format.h>

#include "cudalab/emu/context.h"

namespace cudalab::emu {

namespace {
// Bounded like the launch's capture: a kernel printing in a loop must not eat the host's memory
// before the block ends.
thread_local std::string worker_printf_text;
thread_local std::size_t worker_printf_dropped = 0;
}  // namespace

int print_captured(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list again;
  va_copy(again, args);
  char line[256];
  const int length = std::vsnprintf(line, sizeof line, format, args);
  va_end(args);
  if (length >= 0) {
    std::string& out = worker_printf_text;
    const std::size_t size = static_cast<std::size_t>(length);
    if (out.size() + size > PrintfCapture::kDefaultCapacity) {
      worker_printf_dropped += size;
      va_end(again);
      return -1;
    } else if (size < sizeof line) {
      out.append(line, size);
    } else {
      const std::size_t old_size = out.size();
      out.resize(old_size + size + 1);
      std::vsnprintf(out.data() + old_size, size + 1, format, again);
      out.resize(old_size + size);
    }
  }
  va_end(again);
  return length;
}

void flush_worker_printf(PrintfCapture& capture) {
  if (worker_printf_text.empty() && worker_printf_dropped == 0) return;
  capture.append(worker_printf_text, worker_printf_dropped);
  worker_printf_text.clear();
  worker_printf_dropped = 0;
}

void PrintfCapture::append(std::string_view text, std::size_t dropped_elsewhere) {
  std::lock_guard lock(mutex_);
  dropped_bytes_ += dropped_elsewhere;
  if (text_.size() + text.size() <= capacity_) {
    text_.append(text);
    return;
  }
  // Keep the whole lines that still fit, as CUDA keeps the records that fit in its buffer.
  const std::size_t room = capacity_ - text_.size();
  const std::size_t last_newline = text.substr(0, room).rfind('\n');
  const std::size_t kept = last_newline == std::string_view::npos ? 0 : last_newline + 1;
  text_.append(text.substr(0, kept));
  dropped_bytes_ += text.size() - kept;
}

std::string PrintfCapture::take() {
  std::lock_guard lock(mutex_);
  std::string out = std::move(text_);
  text_.clear();
  if (dropped_bytes_ > 0) {
    if (!out.empty() && out.back() != '\n') out += '\n';
    out += fmt::format("[CPU emulator: {} more bytes of kernel printf output were dropped; a launch keeps {} KiB, "
                       "like CUDA's printf buffer]\n",
                       dropped_bytes_, capacity_ / 1024);
    dropped_bytes_ = 0;
  }
  return out;
}

}  // namespace cudalab::emu
