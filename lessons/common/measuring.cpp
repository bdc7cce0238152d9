#include "common/measuring.h"

#include <chrono>
#include <cstdint>

#include <fmt/format.h>

#include "text/say.h"

namespace cudalab::lessons {

RepeatPolicy repeat_policy(const Device& device) {
  if (device.is_gpu()) return {5, 20, 300};
  return {2, 5, 300};
}

std::vector<float> random_inputs(std::size_t count, unsigned seed) {
  std::vector<float> values(count);
  std::uint32_t state = seed * 2654435761u + 1u;
  for (float& v : values) {
    state = state * 1664525u + 1013904223u;  // a linear congruential generator: fast, and enough here
    v = 1.0f + static_cast<float>(state >> 8) / 16777216.0f;
  }
  return values;
}

Status check_host_room(const Device& device, std::size_t host_bytes, std::size_t device_bytes) {
  // The emulator's facts measure the same thing its memory limit does: half of MemAvailable.
  const std::size_t room = emulator_facts(1).global_mem_bytes;
  const std::size_t needed = host_bytes + (device.is_gpu() ? 0 : device_bytes);
  if (needed <= room) return Status::success();
  return Status::error(StatusCode::out_of_memory,
                       say("this step needs {} of host memory{} and this computer has about {} to spare: "
                           "choose a smaller size",
                           bytes_in_words(double(needed)), device.is_gpu() ? "" : " (the emulator's device memory included)",
                           bytes_in_words(double(room))));
}

Status cancelled_status() { return Status::error(StatusCode::cancelled, "stopped before the end, as asked"); }

Status time_on_device(Device& device, const std::function<Status()>& enqueue, const RepeatPolicy& policy,
                      const RunControl& control, Timing* timing) {
  // The first run of a kernel also loads it (a GPU loads modules lazily), and the first touch of
  // fresh memory maps its pages: neither is what a bandwidth figure is about.
  CUDALAB_RETURN_IF_ERROR(enqueue());
  CUDALAB_RETURN_IF_ERROR(device.synchronize());
  timing->samples_ms.clear();
  double spent_ms = 0;
  while (static_cast<int>(timing->samples_ms.size()) < policy.most &&
         (static_cast<int>(timing->samples_ms.size()) < policy.fewest || spent_ms < policy.budget_ms)) {
    if (control.cancel) return cancelled_status();
    auto start = device.record_event();
    CUDALAB_RETURN_IF_ERROR(enqueue());
    auto end = device.record_event();
    CUDALAB_RETURN_IF_ERROR(device.synchronize());
    const double ms = device.elapsed_ms(*start, *end);
    if (!(ms >= 0)) return Status::error(StatusCode::internal, "the device could not time its own work");
    timing->samples_ms.push_back(ms);
    spent_ms += ms;
  }
  timing->ms = median(timing->samples_ms);
  timing->repeats = static_cast<int>(timing->samples_ms.size());
  timing->source = device.timing_source();
  return Status::success();
}

Status time_on_host(const std::function<void()>& work, const RepeatPolicy& policy, const RunControl& control,
                    Timing* timing) {
  using Clock = std::chrono::steady_clock;
  work();  // warm-up: caches and page faults, as on the device side
  timing->samples_ms.clear();
  double spent_ms = 0;
  while (static_cast<int>(timing->samples_ms.size()) < policy.most &&
         (static_cast<int>(timing->samples_ms.size()) < policy.fewest || spent_ms < policy.budget_ms)) {
    if (control.cancel) return cancelled_status();
    const Clock::time_point start = Clock::now();
    work();
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    timing->samples_ms.push_back(ms);
    spent_ms += ms;
  }
  timing->ms = median(timing->samples_ms);
  timing->repeats = static_cast<int>(timing->samples_ms.size());
  timing->source = TimingSource::host_clock;
  return Status::success();
}

std::string timing_label(TimingSource source) {
  if (source == TimingSource::emulator_clock)
    return say("{} (a CPU figure: this machine's memory and cores)", describe(source));
  return word(describe(source));
}

}  // namespace cudalab::lessons
