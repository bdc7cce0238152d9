#include "cli/class_folder.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "cudalab/message_format.h"

namespace cudalab::app {

namespace fs = std::filesystem;

namespace {

bool is_submission_name(const fs::path& name) {
  const std::string extension = name.extension().string();
  return extension == ".cu" || extension == ".cuh";
}

std::string size_in_words(std::uintmax_t bytes) {
  if (bytes >= (1u << 30)) return fmt::format("{:.1f} GiB", static_cast<double>(bytes) / (1u << 30));
  if (bytes >= (1u << 20)) return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1u << 20));
  return fmt::format("{} KiB", bytes >> 10);
}

// What makes the entry at `path` (not followed if a link) ungradable, or nothing. The system's
// own words for an error (strerror) stay as they came.
Message problem_of(const fs::path& path) {
  struct stat info {};
  if (::lstat(path.c_str(), &info) != 0) return cudalab::message("cannot be read: {}", as_is(std::strerror(errno)));
  if (S_ISLNK(info.st_mode)) return cudalab::message("a symbolic link, not a file: grade the file itself");
  if (S_ISDIR(info.st_mode)) return cudalab::message("a folder, not a file");
  if (!S_ISREG(info.st_mode)) return cudalab::message("not a regular file (a FIFO, a socket or a device)");
  if (static_cast<std::uintmax_t>(info.st_size) > max_submission_bytes) {
    return cudalab::message("{}: larger than the {} a kernel file may be",
                            as_is(size_in_words(static_cast<std::uintmax_t>(info.st_size))),
                            as_is(size_in_words(max_submission_bytes)));
  }
  if (::access(path.c_str(), R_OK) != 0) return cudalab::message("cannot be read: {}", as_is(std::strerror(errno)));
  return {};
}

// Length of the UTF-8 sequence starting at `text[at]`, or 0 when it is not a valid one.
std::size_t utf8_length(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(at);
  std::size_t length = 0;
  char32_t code = 0;
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
    code = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    code = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    code = lead & 0x07;
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) return 0;
    code = (code << 6) | (byte(at + i) & 0x3F);
  }
  const char32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < least[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return 0;  // overlong, surrogate
  if (code >= 0x80 && code <= 0x9F) return 0;  // C1 controls: terminals act on them too
  return length;
}

}  // namespace

std::vector<Submission> list_submissions(const fs::path& folder, std::string* why) {
  std::vector<Submission> found;
  std::error_code error;
  fs::directory_iterator entries(folder, error);
  if (error) {
    *why = fmt::format("cannot read the folder {}: {}", printable(folder.string()), error.message());
    return found;
  }
  // Each entry on its own: a name is all the iterator gives; lstat (never followed) decides the rest.
  for (const fs::directory_iterator end; entries != end; entries.increment(error)) {
    if (error) {
      *why = fmt::format("reading the folder {} stopped: {}", printable(folder.string()), error.message());
      break;
    }
    const fs::path path = entries->path();
    if (!is_submission_name(path.filename())) continue;
    found.push_back({path, printable(path.filename().string()), problem_of(path)});
  }
  std::sort(found.begin(), found.end(), [](const Submission& a, const Submission& b) { return a.path < b.path; });
  return found;
}

bool read_submission(const fs::path& path, std::string* out, Message* why) {
  // O_NOFOLLOW and a size read from the open file: a link or a larger file swapped in since the
  // listing is refused, not followed or read whole.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    *why = cudalab::message("cannot be read: {}", as_is(std::strerror(errno)));
    return false;
  }
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || static_cast<std::uintmax_t>(info.st_size) > max_submission_bytes) {
    ::close(fd);
    *why = problem_of(path);
    if (why->empty()) *why = cudalab::message("changed while it was read");
    return false;
  }
  out->clear();
  char buffer[65536];
  for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      *why = cudalab::message("cannot be read: {}", as_is(std::strerror(errno)));
      ::close(fd);
      return false;
    }
    out->append(buffer, static_cast<std::size_t>(n));
    if (out->size() > max_submission_bytes) {
      *why = cudalab::message("grew past the {} a kernel file may be while it was read", as_is(size_in_words(max_submission_bytes)));
      ::close(fd);
      return false;
    }
  }
  ::close(fd);
  return true;
}

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    const std::size_t length = utf8_length(text, i);
    if (length == 0 || c < 0x20 || c == 0x7F) {
      out += fmt::format("\\x{:02X}", c);
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string csv_cell(std::string_view text) {
  // Tabs and line ends become spaces (a cell is one line); a formula character after leading
  // spaces still starts a formula in some spreadsheets, so those are looked past.
  std::string cell(text);
  std::replace_if(cell.begin(), cell.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
  cell = printable(cell);
  if (const std::size_t first = cell.find_first_not_of(' ');
      first != std::string::npos && std::string_view("=+-@").find(cell[first]) != std::string_view::npos) {
    cell.insert(0, "'");
  }
  if (cell.find_first_of(",\"") == std::string::npos) return cell;
  std::string quoted = "\"";
  for (const char c : cell) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

}  // namespace cudalab::app
