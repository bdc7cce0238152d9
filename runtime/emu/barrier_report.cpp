#include "emu/barrier_report.h"

#include <cstring>

#include <fmt/format.h>

namespace cudalab::emu {

std::string coordinates(uint3 index) { return fmt::format("({}, {}, {})", index.x, index.y, index.z); }

std::string short_site(const std::source_location& where) {
  const char* file = where.file_name();
  if (const char* slash = std::strrchr(file, '/')) file = slash + 1;
  return fmt::format("{}:{}", file, where.line());
}

namespace {

// "0-15, 32-47", or "7"; long lists end in "... (N threads in all)".
std::string thread_ranges(const std::vector<unsigned>& ids) {
  constexpr int kMaxRanges = 6;
  std::string text;
  int ranges = 0;
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t j = i;
    while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
    if (ranges == kMaxRanges) {
      text += fmt::format(", ... ({} threads in all)", ids.size());
      break;
    }
    if (ranges > 0) text += ", ";
    text += i == j ? fmt::format("{}", ids[i]) : fmt::format("{}-{}", ids[i], ids[j]);
    ++ranges;
    i = j + 1;
  }
  return text;
}

std::string threads_phrase(const std::vector<unsigned>& ids, dim3 block_dim) {
  std::string text = fmt::format("{} {}", ids.size() == 1 ? "thread" : "threads", thread_ranges(ids));
  // For 2D/3D blocks a linear id alone is hard to place: name the first thread's threadIdx.
  if (block_dim.y > 1 || block_dim.z > 1) {
    const unsigned id = ids.front();
    const uint3 index{id % block_dim.x, (id / block_dim.x) % block_dim.y, id / (block_dim.x * block_dim.y)};
    text += fmt::format(" (the first is threadIdx {})", coordinates(index));
  }
  return text;
}

}  // namespace

std::string describe_divergent_barrier(uint3 block, dim3 block_dim, const std::vector<ThreadAtBarrier>& threads) {
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

  std::string text = fmt::format("block {}: ", coordinates(block));
  if (sites.size() == 1) {
    text += fmt::format("{} wait at __syncthreads() ({}), but {} returned without reaching it.",
                        threads_phrase(waiting_by_site[0], block_dim), short_site(sites[0]),
                        threads_phrase(returned, block_dim));
  } else {
    text += "threads wait at different __syncthreads() calls: ";
    for (std::size_t s = 0; s < sites.size(); ++s)
      text += fmt::format("{}{} at {}", s ? "; " : "", threads_phrase(waiting_by_site[s], block_dim), short_site(sites[s]));
    if (!returned.empty()) text += fmt::format("; {} returned without reaching any", threads_phrase(returned, block_dim));
    text += ".";
  }
  text += " Every thread of a block must reach the same __syncthreads(); on a GPU this hangs or corrupts results.";
  return text;
}

}  // namespace cudalab::emu
