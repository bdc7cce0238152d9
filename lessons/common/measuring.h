#pragma once
// How chapters 3 and 4 measure: device work timed with the device's events (CUDA events on a GPU,
// the emulator's steady clock otherwise), one untimed warm-up first, then repeats until a time
// budget is spent, and the median kept. Host work is timed the same way with the host's clock.
// Sizes, times and rates in words come from in_words.h.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "common/in_words.h"
#include "lesson.h"

namespace cudalab::lessons {

struct RepeatPolicy {
  int fewest = 1;           // timed repeats at least
  int most = 20;            // and at most
  double budget_ms = 200;   // stop once the timed repeats have used this much (after `fewest`)
};
// A GPU repeats more (its runs are short and its clock is precise); the emulator fewer.
RepeatPolicy repeat_policy(const Device& device);

// Times `enqueue` (which puts work on the device's default stream) with two events around each
// repeat; `timing` gets the median, every sample and the device's timing source. A cancel asked
// for through `control` ends it with StatusCode::cancelled.
Status time_on_device(Device& device, const std::function<Status()>& enqueue, const RepeatPolicy& policy,
                      const RunControl& control, Timing* timing);
// The same for work done by the host itself (a CPU loop): TimingSource::host_clock.
Status time_on_host(const std::function<void()>& work, const RepeatPolicy& policy, const RunControl& control,
                    Timing* timing);

Status cancelled_status();

// The host side of a step must fit too: `host_bytes` of host memory (plus `device_bytes` on the
// emulator, whose device memory is host memory) against half of what the host has available.
// Asking for more would not fail politely: the system would kill the app.
Status check_host_room(const Device& device, std::size_t host_bytes, std::size_t device_bytes);

// Inputs as the method asks: never zero, not a pattern a kernel could get right by accident.
// Values in [1, 2), from a fixed seed so a run can be repeated.
std::vector<float> random_inputs(std::size_t count, unsigned seed);

// The label every time of chapters 3 and 4 carries: what measured it, and on the emulator that it is
// a CPU figure (this machine's memory speed), never a GPU one.
std::string timing_label(TimingSource source);

}  // namespace cudalab::lessons
