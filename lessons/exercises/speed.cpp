#include "exercises/speed.h"

#include <algorithm>
#include <tuple>

namespace cudalab::lessons::exercises {
namespace {

// probe.cuh's trace: slots, and how an access's second word holds its space and direction.
constexpr std::size_t kFirst = 2;
constexpr unsigned kSharedSpace = 128;
constexpr std::uint64_t kByteMask = (std::uint64_t{1} << 40) - 1;

struct Access {
  unsigned space;  // parameter, or kSharedSpace + array
  bool write;
  std::uint64_t warp;
  std::uint32_t k;
  std::uint64_t byte;
  auto request() const { return std::tie(space, write, warp, k); }
  bool operator<(const Access& other) const { return std::tie(space, write, warp, k, byte) < std::tie(other.space, other.write, other.warp, other.k, other.byte); }
};

// One warp request's accesses [first, last), sorted by byte: what it asks of memory.
void count_request(const std::vector<Access>& all, std::size_t first, std::size_t last, SpaceCounts* counts) {
  counts->accesses += static_cast<long long>(last - first);
  counts->requests += 1;
  if (all[first].space < kSharedSpace) {
    std::uint64_t previous = ~std::uint64_t{0};
    for (std::size_t i = first; i < last; ++i)
      if (all[i].byte / 32 != previous) {
        previous = all[i].byte / 32;
        ++counts->sectors;
      }
    return;
  }
  // Shared memory: 32 banks of 4-byte words; lanes reading one word share it (a broadcast), lanes
  // on different words of one bank wait for each other.
  int words_in_bank[32] = {};
  std::uint64_t previous = ~std::uint64_t{0};
  for (std::size_t i = first; i < last; ++i) {
    const std::uint64_t word = all[i].byte / 4;
    if (word == previous) continue;
    previous = word;
    ++words_in_bank[word % 32];
  }
  counts->ways += *std::max_element(std::begin(words_in_bank), std::end(words_in_bank));
}

}  // namespace

TraceCounts count_trace(std::span<const std::uint64_t> entries, long long threads_per_block, std::size_t params) {
  TraceCounts counts;
  counts.reads.resize(params);
  counts.writes.resize(params);
  if (entries.size() < kFirst || threads_per_block <= 0) return counts;
  const std::uint64_t noted = entries[0];
  const std::uint64_t room = std::min<std::uint64_t>(entries[1], (entries.size() - kFirst) / 2);
  counts.complete = noted <= room;
  const std::uint64_t warps_per_block = (static_cast<std::uint64_t>(threads_per_block) + 31) / 32;
  std::vector<Access> all;
  all.reserve(std::min(noted, room));
  for (std::uint64_t i = 0; i < std::min(noted, room); ++i) {
    const std::uint64_t who = entries[kFirst + 2 * i], what = entries[kFirst + 2 * i + 1];
    const std::uint64_t rank = who & 0xffffffffu;
    const std::uint64_t block = rank / static_cast<std::uint64_t>(threads_per_block);
    const std::uint64_t lane_in_block = rank % static_cast<std::uint64_t>(threads_per_block);
    all.push_back({static_cast<unsigned>((what >> 40) & 0xff), ((what >> 48) & 1) != 0, block * warps_per_block + lane_in_block / 32,
                   static_cast<std::uint32_t>(who >> 32), what & kByteMask});
  }
  std::sort(all.begin(), all.end());
  for (std::size_t first = 0; first < all.size();) {
    std::size_t last = first + 1;
    while (last < all.size() && all[last].request() == all[first].request()) ++last;
    const Access& a = all[first];
    SpaceCounts* into = nullptr;
    if (a.space >= kSharedSpace) {
      into = &counts.shared;
    } else if (a.space < params) {
      into = a.write ? &counts.writes[a.space] : &counts.reads[a.space];
    }
    if (into != nullptr) count_request(all, first, last, into);
    first = last;
  }
  return counts;
}

Message speed_line(const SpeedResult& r) {
  if (r.on_gpu)
    return message("Fast enough: {:.1f} µs, the goal at most {:.1f} µs (the solution's {:.1f} µs)", r.value, r.goal, r.reference);
  return message("Fast enough: {:.2f} {}, the goal at most {:.2f}", r.value, r.words, r.goal);
}

Message measure_words(const SpeedGoal& goal) {
  switch (goal.measure) {
    case SpeedMeasure::sectors_per_request:
      return goal.reads ? message("sectors per warp request (reads of {})", as_is(goal.param))
                        : message("sectors per warp request (writes of {})", as_is(goal.param));
    case SpeedMeasure::accesses_per_element:
      return goal.reads ? message("reads of {} per output element", as_is(goal.param))
                        : message("writes of {} per output element", as_is(goal.param));
    case SpeedMeasure::bank_ways:
      return message("shared-memory bank ways per warp request");
  }
  return {};
}

std::optional<double> measure(const SpeedGoal& goal, const Exercise& exercise, const TraceCounts& counts,
                              long long buffer_elements, long long output_elements, Message* problem) {
  if (!counts.complete) {
    *problem = message("the traced test made more accesses than the trace holds ({}); the exercise's traced test is too large",
                       kTraceCapacity);
    return std::nullopt;
  }
  if (goal.measure == SpeedMeasure::bank_ways) {
    // No shared access traced: the kernel uses none (then no bank is ever busy), or its arrays were
    // not instrumented (compile_submission.cpp's fallback), which the verdict cannot tell apart
    // from the first — so the goal is only judged where shared memory was seen.
    if (counts.shared.requests == 0) return 1.0;
    return static_cast<double>(counts.shared.ways) / static_cast<double>(counts.shared.requests);
  }
  std::size_t param = 0;
  while (param < exercise.params.size() && exercise.params[param].name != goal.param) ++param;
  if (param == exercise.params.size()) {
    *problem = message("the exercise has no parameter {}", as_is(goal.param));
    return std::nullopt;
  }
  const SpaceCounts& space = goal.reads ? counts.reads[param] : counts.writes[param];
  // Every element of an input is read at least once and every element of the output written: fewer
  // traced accesses mean the kernel went around the checked pointer (a plain pointer passed to a
  // helper), where its accesses cannot be counted.
  const long long needed = goal.reads ? buffer_elements : output_elements;
  if (space.accesses < needed) {
    *problem = goal.reads ? message("only {} reads of {} were seen, fewer than its {} elements: the kernel reads it through a "
                                    "plain pointer, which the checks cannot follow. Index the parameter itself.",
                                    space.accesses, as_is(goal.param), needed)
                          : message("only {} writes of {} were seen, fewer than its {} elements: the kernel writes it through a "
                                    "plain pointer, which the checks cannot follow. Index the parameter itself.",
                                    space.accesses, as_is(goal.param), needed);
    return std::nullopt;
  }
  if (goal.measure == SpeedMeasure::accesses_per_element)
    return static_cast<double>(space.accesses) / static_cast<double>(std::max<long long>(1, output_elements));
  return static_cast<double>(space.sectors) / static_cast<double>(std::max<long long>(1, space.requests));
}

nlohmann::json to_json(const SpeedResult& r) {
  return {{"measure", r.measure},   {"words", to_json(r.words)}, {"value", r.value},
          {"goal", r.goal},         {"reference", r.reference},  {"on_gpu", r.on_gpu}};
}

bool from_json(const nlohmann::json& j, SpeedResult* out) {
  if (!j.is_object()) return false;
  const auto number = [&](const char* key, double* to) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number()) return false;
    *to = it->get<double>();
    return true;
  };
  const auto measure = j.find("measure");
  if (measure == j.end() || !measure->is_string()) return false;
  out->measure = measure->get<std::string>();
  if (!number("value", &out->value) || !number("goal", &out->goal)) return false;
  number("reference", &out->reference);
  const auto on_gpu = j.find("on_gpu");
  out->on_gpu = on_gpu != j.end() && on_gpu->is_boolean() && on_gpu->get<bool>();
  if (const auto words = j.find("words"); words == j.end() || !from_json(*words, &out->words).ok())
    out->words = Message::text(out->measure);
  return true;
}

}  // namespace cudalab::lessons::exercises
