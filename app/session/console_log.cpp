#include "session/console_log.h"

namespace cudalab::app {

void ConsoleLog::add(Kind kind, std::string text) {
  if (kind == Kind::error) ++errors_;
  entries_.push_back({kind, std::move(text)});
  while (entries_.size() > max_entries) entries_.pop_front();
  ++version_;
}

void ConsoleLog::add_output(const std::string& text) {
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    add(Kind::output, text.substr(start, end - start));
    start = end + 1;
  }
}

void ConsoleLog::clear() {
  entries_.clear();
  errors_ = 0;
  ++version_;
}

}  // namespace cudalab::app
