// Run files: written atomically, read without ever throwing. Text to Run (parse_run) is its own
// function so that load_run and the fuzz target (tests/fuzz/) drive the very same path.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <optional>
#include <string>

#include "cudalab/files.h"
#include "cudalab/run.h"
#include "cudalab/message_format.h"

namespace cudalab {

using nlohmann::json;

namespace {

// A Run nests a handful of levels and a lesson's results a few more. Copying or writing a JSON
// value recurses once per level, so a file of a few MB of "[" would overflow the stack later on:
// such a file is refused here, in words.
constexpr int kMaxNestingDepth = 256;

// "[json.exception.parse_error.101] parse error at line 3, ..." -> "parse error at line 3, ...".
std::string without_exception_id(const std::string& what) {
  const auto close = what.find("] ");
  return what.rfind("[json.exception.", 0) == 0 && close != std::string::npos ? what.substr(close + 2) : what;
}

}  // namespace

Status parse_run(std::string_view json_text, const std::string& origin, Run* out) {
  json parsed;
  bool too_deep = false;
  try {
    // The callback sees every value's depth; deeper ones are dropped (not kept in memory) and
    // the whole text refused below.
    parsed = json::parse(json_text, [&too_deep](int depth, json::parse_event_t, json&) {
      if (depth > kMaxNestingDepth) too_deep = true;
      return depth <= kMaxNestingDepth;
    });
  } catch (const json::parse_error& error) {
    // nlohmann's words already say where: "parse error at line 3, column 7: syntax error ...".
    return Status::error(StatusCode::invalid_argument,
                         message("{} is not valid JSON: {}", as_is(origin), as_is(without_exception_id(error.what()))));
  } catch (const json::exception& error) {
    // Valid JSON that nlohmann cannot hold, e.g. 1e400: "number overflow parsing '1e400'".
    return Status::error(StatusCode::invalid_argument,
                         message("{} cannot be read: {}", as_is(origin), as_is(without_exception_id(error.what()))));
  }
  if (too_deep) {
    return Status::error(StatusCode::invalid_argument,
                         message("{} is nested deeper than {} levels; CUDA Lab never writes such a Run", as_is(origin),
                                 kMaxNestingDepth));
  }
  Status status = from_json(parsed, out);
  if (!status.ok()) status.reword(message("{}: {}", as_is(origin), status.words_or_text()));
  return status;
}

Status save_run(const Run& run, const std::string& path) { return save_json(to_json(run), path); }

Status save_json(const nlohmann::json& document, const std::string& path) {
  // Kernel printf and lesson text may hold bytes that are not UTF-8 (a student's %c of any
  // value): they are written as U+FFFD rather than failing the save (nlohmann would throw).
  std::string text;
  try {
    text = document.dump(2, ' ', false, json::error_handler_t::replace);
  } catch (const std::exception& error) {
    return Status::error(StatusCode::internal, message("cannot write {}: {}", as_is(path), as_is(error.what())));
  }
  return save_text(text + '\n', path);
}

namespace {

// The umask, read without changing it: umask(2) can only be read by setting it, and for that
// moment a file another thread creates would get the wrong mode. Linux says it in /proc.
mode_t process_umask() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("Umask:", 0) == 0) return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
  }
  return 022;  // the usual one, where /proc does not say
}

}  // namespace

Status save_text(const std::string& text, const std::string& path) {
  // Written to a new file of a unique name beside the target (mkstemp: never a fixed PATH.tmp that
  // a link planted there could redirect), flushed to the disk, then renamed over the target: an
  // interrupted save never leaves half a file, and a power cut leaves the old one or the new one.
  std::string temporary = path + ".XXXXXX";
  const int fd = ::mkstemp(temporary.data());
  if (fd < 0)
    return Status::error(StatusCode::io_error, message("cannot write {}: {}", as_is(path), std::strerror(errno)));
  const auto fail = [&] {
    const std::string reason = std::strerror(errno);
    ::close(fd);
    ::unlink(temporary.c_str());
    return Status::error(StatusCode::io_error, message("writing {}: {}", as_is(path), reason));
  };
  for (std::size_t written = 0; written < text.size();) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return fail();
    written += static_cast<std::size_t>(n);
  }
  // mkstemp makes the file 0600; a saved run or table is as readable as any file the user writes.
  if (::fchmod(fd, 0666 & ~process_umask()) != 0 || ::fsync(fd) != 0) return fail();
  if (::close(fd) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(temporary.c_str());
    return Status::error(StatusCode::io_error, message("writing {}: {}", as_is(path), reason));
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    ::unlink(temporary.c_str());
    return Status::error(StatusCode::io_error, message("cannot write {}: {}", as_is(path), reason));
  }
  return Status::success();
}

Status load_run(const std::string& path, Run* out) {
  std::string why;
  const std::optional<std::string> text = read_whole_file(path, &why);
  if (!text) return Status::error(StatusCode::io_error, message("cannot open {}: {}", as_is(path), why));
  return parse_run(*text, path, out);
}

}  // namespace cudalab
