#include "emu/barrier_report.h"

#include <cstring>

#include <fmt/format.h>

#include "cudalab/message_format.h"

namespace cudalab::emu {

std::string coordinates(uint3 index) { return fmt::format("({}, {}, {})", index.x, index.y, index.z); }

std::string short_site(const std::source_location& where) {
  const char* file = where.file_name();
  if (const char* slash = std::strrchr(file, '/')) file = slash + 1;
  return fmt::format("{}:{}", file, where.line());
}

namespace {
// Halves joined, so that n parts nest log2(n) deep, not n deep: a reader refuses messages nested
// deeper than a few levels (cudalab/message.h).
Message joined(const std::vector<Message>& parts, std::size_t first, std::size_t count) {
  if (count == 1) return parts[first];
  const std::size_t half = count / 2;
  return message("{}; {}", joined(parts, first, half), joined(parts, first + half, count - half));
}
}  // namespace

Message joined(const std::vector<Message>& parts) {
  if (parts.empty()) return {};
  return joined(parts, 0, parts.size());
}

namespace {

// "threads 0-15, 32-47", or "thread 7"; long lists end in "... (N threads in all)".
Message threads_in_ranges(const std::vector<unsigned>& ids) {
  constexpr int kMaxRanges = 6;
  std::string list;
  int ranges = 0;
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t j = i;
    while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
    if (ranges == kMaxRanges) return message("threads {}, ... ({} threads in all)", as_is(list), ids.size());
    if (ranges > 0) list += ", ";
    list += i == j ? fmt::format("{}", ids[i]) : fmt::format("{}-{}", ids[i], ids[j]);
    ++ranges;
    i = j + 1;
  }
  return ids.size() == 1 ? message("thread {}", as_is(list)) : message("threads {}", as_is(list));
}

Message threads_phrase(const std::vector<unsigned>& ids, dim3 block_dim) {
  // For 2D/3D blocks a linear id alone is hard to place: name the first thread's threadIdx.
  if (block_dim.y > 1 || block_dim.z > 1) {
    const unsigned id = ids.front();
    const uint3 index{id % block_dim.x, (id / block_dim.x) % block_dim.y, id / (block_dim.x * block_dim.y)};
    return message("{} (the first is threadIdx {})", threads_in_ranges(ids), as_is(coordinates(index)));
  }
  return threads_in_ranges(ids);
}

}  // namespace

Message describe_divergent_barrier(uint3 block, dim3 block_dim, const std::vector<ThreadAtBarrier>& threads) {
  // Group waiting threads by call site, in the order the sites first appear.
  std::vector<std::source_location> sites;
  std::vector<std::vector<unsigned>> waiting_by_site;
  std::vector<unsigned> returned;
  for (unsigned id = 0; id < threads.size(); ++id) {
    if (!threads[id].waiting) {
      returned.push_back(id);
      continue;
    }
    std::size_t s = 0;
    while (s < sites.size() && !same_site(sites[s], threads[id].where)) ++s;
    if (s == sites.size()) {
      sites.push_back(threads[id].where);
      waiting_by_site.emplace_back();
    }
    waiting_by_site[s].push_back(id);
  }

  const std::string where = coordinates(block);
  Message text;
  if (sites.size() == 1) {
    text = message("block {}: {} wait at __syncthreads() ({}), but {} returned without reaching it.", as_is(where),
                   threads_phrase(waiting_by_site[0], block_dim), as_is(short_site(sites[0])),
                   threads_phrase(returned, block_dim));
  } else {
    std::vector<Message> places;
    for (std::size_t s = 0; s < sites.size(); ++s)
      places.push_back(message("{} at {}", threads_phrase(waiting_by_site[s], block_dim), as_is(short_site(sites[s]))));
    if (!returned.empty()) places.push_back(message("{} returned without reaching any", threads_phrase(returned, block_dim)));
    text = message("block {}: threads wait at different __syncthreads() calls: {}.", as_is(where), joined(places));
  }
  return message("{} Every thread of a block must reach the same __syncthreads(); on a GPU this hangs or corrupts results.",
                 text);
}

}  // namespace cudalab::emu
