#pragma once
// A whole file read into memory: text or bytes alike (kernel sources, lesson text, settings, run
// files, fonts, ELF objects).
#include <filesystem>
#include <optional>
#include <string>

namespace cudalab {

// Every byte of the file, as it is (NULs and bytes that are not UTF-8 included); nullopt when it
// cannot be opened or read: missing, a folder, not allowed. `why`, when given, is then set to the
// system's words for it ("No such file or directory"). Reads until the end, so /proc files work.
std::optional<std::string> read_whole_file(const std::filesystem::path& path, std::string* why = nullptr);

}  // namespace cudalab
