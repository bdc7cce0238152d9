#include "exercises/race_report.h"

#include <cctype>

#include <fmt/format.h>

namespace cudalab::lessons::exercises {
namespace {

// Line 0: an access the probe could not place (`*p`).
std::string line_words(unsigned line) { return line == 0 ? "?" : std::to_string(line); }

}  // namespace

std::string shared_array_name(const std::vector<unsigned>& record, unsigned name_slot) {
  std::string name;
  for (unsigned k = 0; k < 4 * 8 - 1 && name_slot + k / 4 < record.size(); ++k) {
    const char c = static_cast<char>((record[name_slot + k / 4] >> (8 * (k % 4))) & 0xFFu);
    if (c == '\0') break;
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return "a __shared__ array";
    name += c;
  }
  return name.empty() ? "a __shared__ array" : name;
}

std::string shared_element_words(const std::string& name, long long flat, const std::vector<unsigned>& record, unsigned dims_slot) {
  const unsigned dims = dims_slot + 3 < record.size() ? record[dims_slot] : 0;
  if (dims == 0) return name;  // a scalar
  if (dims < 2 || dims > 3) return fmt::format("{}[{}]", name, flat);
  std::vector<long long> extent(dims), index(dims);
  for (unsigned k = 0; k < dims; ++k) extent[k] = record[dims_slot + 1 + k] > 0 ? record[dims_slot + 1 + k] : 1;
  long long rest = flat;
  for (unsigned k = dims; k-- > 0;) {
    index[k] = rest % extent[k];
    rest /= extent[k];
  }
  index[0] += rest * extent[0];  // past the end: shown as the first index would be
  std::string out = name;
  for (long long i : index) out += fmt::format("[{}]", i);
  return out;
}

std::string shared_extents_words(const std::vector<unsigned>& record, unsigned dims_slot) {
  const unsigned dims = dims_slot + 3 < record.size() ? record[dims_slot] : 0;
  std::string out;
  for (unsigned k = 0; k < dims && k < 3; ++k) out += fmt::format("[{}]", record[dims_slot + 1 + k]);
  return out;
}

std::vector<Message> describe_race(const std::vector<unsigned>& record, const Exercise& exercise,
                                   long long threads_per_block, const std::function<Message(long long)>& thread_words) {
  const bool shared = record[kRaceRecordShared] != 0;
  const long long flat = static_cast<long long>((static_cast<unsigned long long>(record[kRaceRecordIndexHigh]) << 32) |
                                                record[kRaceRecordIndexLow]);
  std::string element;
  if (shared) {
    element = shared_element_words(shared_array_name(record, kRaceRecordName), flat, record, kRaceRecordDims);
  } else {
    const std::size_t param = std::min<std::size_t>(record[kRaceRecordArray], exercise.params.size() - 1);
    element = fmt::format("{}[{}]", exercise.params[param].name, flat);
  }
  const long long first = record[kRaceRecordFirstRank], second = record[kRaceRecordSecondRank];
  const bool one_block = threads_per_block > 0 && first / threads_per_block == second / threads_per_block;
  // Whole sentences per case, so that each is one message to translate.
  const bool first_wrote = record[kRaceRecordFirstWrite] != 0, second_wrote = record[kRaceRecordSecondWrite] != 0;
  const Message who = thread_words(first), other = thread_words(second);
  const std::string line = line_words(record[kRaceRecordFirstLine]), other_line = line_words(record[kRaceRecordSecondLine]);
  std::vector<Message> lines;
  if (one_block) {
    // Two lanes of one warp: the fix a warp-synchronous reduction needs is __syncwarp(), which
    // the block's advice does not name; a tile the other warps read needs the block's barrier.
    const bool one_warp = (first % threads_per_block) / 32 == (second % threads_per_block) / 32;
    lines.push_back(
        !first_wrote ? message("{} read {} at line {} while {} wrote it at line {}, with no __syncthreads() between them", who,
                               as_is(element), as_is(line), other, as_is(other_line))
        : second_wrote
            ? message("{} wrote {} at line {} while {} wrote it too at line {}, with no __syncthreads() between them", who,
                      as_is(element), as_is(line), other, as_is(other_line))
            : message("{} wrote {} at line {} while {} read it at line {}, with no __syncthreads() between them", who,
                      as_is(element), as_is(line), other, as_is(other_line)));
    lines.push_back(one_warp ? message("Both threads are in warp {} of their block, and since Volta the lanes of a warp are "
                                       "not guaranteed to run in step. If only this warp uses the data, a __syncwarp() "
                                       "between the write and the other access orders them; if other warps use it too, "
                                       "that takes a __syncthreads().",
                                       (first % threads_per_block) / 32)
                             : message("The result depends on which thread gets there first: it may come out right by luck, "
                                       "and on a GPU it changes from run to run. Is a __syncthreads() missing between the "
                                       "write and the other access, or in the wrong place?"));
  } else {
    lines.push_back(
        !first_wrote ? message("{} read {} at line {} while {} wrote it at line {}; threads of different blocks are never ordered",
                               who, as_is(element), as_is(line), other, as_is(other_line))
        : second_wrote
            ? message("{} wrote {} at line {} while {} wrote it too at line {}; threads of different blocks are never ordered",
                      who, as_is(element), as_is(line), other, as_is(other_line))
            : message("{} wrote {} at line {} while {} read it at line {}; threads of different blocks are never ordered", who,
                      as_is(element), as_is(line), other, as_is(other_line)));
    lines.push_back(message("Blocks run in any order, even at the same time: an element one block writes may be touched by "
                            "no other block, unless every access to it is atomic (atomicAdd)."));
  }
  return lines;
}

}  // namespace cudalab::lessons::exercises
