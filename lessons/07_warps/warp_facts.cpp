// What the chapter's steps read out of their traces: the banks a warp's lanes hit, and the events
// themselves.
#include <algorithm>
#include <map>
#include <set>

#include "warps_steps.h"

namespace cudalab::lessons::warps {

WarpBanks banks_of(const std::vector<int>& lane_offsets) {
  WarpBanks banks;
  std::map<int, std::set<int>> words_on_bank;  // bank → the distinct 4-byte words asked of it
  for (int lane = 0; lane < 32; ++lane) {
    const int offset = lane < int(lane_offsets.size()) ? lane_offsets[std::size_t(lane)] : -1;
    banks.lane_bank[lane] = offset < 0 ? -1 : (offset / 4) % 32;
    if (offset >= 0) words_on_bank[banks.lane_bank[lane]].insert(offset / 4);
  }
  for (const auto& [bank, words] : words_on_bank) banks.degree = std::max(banks.degree, int(words.size()));
  return banks;
}

Status read_all_events(Device& device, const TraceBuffer& trace, std::vector<TraceEvent>* events) {
  CUDALAB_RETURN_IF_ERROR(device.synchronize());
  std::uint64_t overflow = 0;
  CUDALAB_RETURN_IF_ERROR(trace.read(events, &overflow));
  if (overflow) return Status::error(StatusCode::internal, "the trace was too small for the picture's events");
  return Status::success();
}

}  // namespace cudalab::lessons::warps
