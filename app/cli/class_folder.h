#pragma once
// A class folder as `cudalab check ID FOLDER` reads it: every entry whose name ends in .cu or .cuh
// is a submission and gets its own row, whatever it is. A folder, a FIFO, a symbolic link (to a
// classmate's file, to /etc, or to itself), a file too large to be a kernel, or one that cannot be
// read is a row that says so; nothing in the folder can stop the others from being graded or the
// table and the CSV from being written. Names are shown as printable text (a file name may hold
// terminal control sequences or bytes that are not UTF-8), and CSV cells cannot start a
// spreadsheet formula.
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "cudalab/message.h"

namespace cudalab::app {

// The largest file taken as a kernel: a real one is a few KiB.
constexpr std::uintmax_t max_submission_bytes = 1u << 20;

struct Submission {
  std::filesystem::path path;
  std::string name;     // the entry's name as printable text (see printable)
  Message problem;      // not empty: why it cannot be graded, said in the report's language
};

// The submissions in `folder`, sorted by name. Never throws; `why` says what made the listing
// itself fail (the folder cannot be opened), and the result is then empty.
std::vector<Submission> list_submissions(const std::filesystem::path& folder, std::string* why);

// Reads a submission that list_submissions found fit: false, with the reason, when it changed
// since (grown past max_submission_bytes, replaced by a link or a folder, gone).
bool read_submission(const std::filesystem::path& path, std::string* out, Message* why);

// `text` without control characters (C0, DEL, C1: what moves a terminal's cursor or rewrites its
// title) and with every byte that is not part of valid UTF-8 written as \xNN.
std::string printable(std::string_view text);

// One CSV cell: printable, quoted when it holds a comma or a quote, and a leading = + - @ (what a
// spreadsheet runs as a formula) or tab / CR prefixed with an apostrophe.
std::string csv_cell(std::string_view text);

}  // namespace cudalab::app
