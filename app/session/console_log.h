#pragma once
// What the Console tab shows: kernels' printf output and the shell's status messages, each with
// a kind so errors can be drawn in red. Bounded, so a kernel printing in a loop cannot eat memory.
#include <cstddef>
#include <deque>
#include <string>

namespace cudalab::app {

class ConsoleLog {
 public:
  enum class Kind { info, output, success, warning, error };
  struct Entry {
    Kind kind = Kind::info;
    std::string text;
  };

  void add(Kind kind, std::string text);
  // Kernel output: split into lines (each an `output` entry).
  void add_output(const std::string& text);
  const std::deque<Entry>& entries() const { return entries_; }
  std::size_t errors() const { return errors_; }
  // Bumps on every change: the pane scrolls to the end when it moved.
  std::size_t version() const { return version_; }
  void clear();

  static constexpr std::size_t max_entries = 5000;

 private:
  std::deque<Entry> entries_;
  std::size_t errors_ = 0;
  std::size_t version_ = 0;
};

}  // namespace cudalab::app
