// Fault drills: one step whose kernel goes wrong in the way the `fault` parameter names. Hidden
// from the course (registry.cpp lists it only when CUDALAB_FAULT_DRILLS=1): it is how the tests —
// and a teacher who wants to show it — prove that a kernel that hangs, traps, writes out of bounds
// or asserts ends with a message in words while the app keeps running.
#include <fmt/format.h>

#include "common/step_table_lesson.h"
#include "cudalab/buffer.h"
#include "kernels.h"

namespace cudalab::lessons {
namespace fault_drills {
namespace {

// The order of the `fault` choices.
enum Drill { none, hang, trap, write_past, read_past, shared_overrun, failing_assert_drill, barrier };

Step drill_step() {
  Param fault{"fault", "What goes wrong", Param::Kind::choice, 0, 7, 0};
  // Short names: they are typed on the command line (--set fault=hang).
  fault.choices = {"none", "hang", "trap", "write-past-end", "read-past-end", "shared-overrun", "assert",
                   "divergent-barrier"};
  fault.help = "hang: never ends; trap: __trap(); write/read-past-end: an access past the buffer; shared-overrun: "
               "uses 4 KiB of dynamic shared memory after asking for none; assert: a failing assert; "
               "divergent-barrier: half the block skips __syncthreads().";
  Param past_end{"past_end", "Elements past the end", Param::Kind::integer, 1, 1 << 28, 1};
  past_end.log_scale = true;
  past_end.help = "How far past the last element the bad access lands.";
  Step step{"A kernel that goes wrong", {fault, past_end}};
  step.time_limit_seconds = 10;
  return step;
}

Status run_drill(Drill drill, int past_end, Device& device, Run* run) {
  constexpr int n = 1024;
  constexpr unsigned threads = 64;
  Buffer<int> data, out;
  CUDALAB_RETURN_IF_ERROR(Buffer<int>::create(device, n, &data));
  CUDALAB_RETURN_IF_ERROR(Buffer<int>::create(device, threads, &out));
  CUDALAB_RETURN_IF_ERROR(data.zero());
  const LaunchConfig one_block{Dim3(1), Dim3(threads)};
  switch (drill) {
    case none:
      CUDALAB_RETURN_IF_ERROR(launch(device, fault_drills::read_past_end, one_block, data.data(), n, 1 - n, out.data()));
      break;
    case hang:
      CUDALAB_RETURN_IF_ERROR(launch(device, spin_forever, LaunchConfig{Dim3(1), Dim3(1)}, static_cast<volatile int*>(data.data())));
      break;
    case trap: CUDALAB_RETURN_IF_ERROR(launch(device, trap_now, one_block)); break;
    case write_past: CUDALAB_RETURN_IF_ERROR(launch(device, write_past_end, one_block, data.data(), n, past_end)); break;
    case read_past:
      CUDALAB_RETURN_IF_ERROR(launch(device, read_past_end, one_block, static_cast<const int*>(data.data()), n, past_end, out.data()));
      break;
    case shared_overrun: {
      LaunchConfig no_shared = one_block;  // asks for 0 bytes and uses 4 KiB
      CUDALAB_RETURN_IF_ERROR(launch(device, use_dynamic_shared, no_shared, 1024, reinterpret_cast<float*>(out.data())));
      break;
    }
    case failing_assert_drill: CUDALAB_RETURN_IF_ERROR(launch(device, failing_assert, one_block, 1)); break;
    case barrier: CUDALAB_RETURN_IF_ERROR(launch(device, divergent_barrier, one_block, out.data())); break;
  }
  CUDALAB_RETURN_IF_ERROR(device.synchronize());
  std::vector<int> host(threads);
  CUDALAB_RETURN_IF_ERROR(out.download(host));
  run->results["first_out"] = host[0];
  return Status::success();
}

void run_step(const ParamValues& values, Device& device, RunControl&, Run* run) {
  const auto drill = static_cast<Drill>(static_cast<int>(values.at("fault")));
  run->status = run_drill(drill, static_cast<int>(values.at("past_end")), device, run);
}

std::vector<View> drill_views(const Run& run) {
  FactsView facts;
  facts.title = "The drill";
  const auto fault = run.parameters.find("fault");
  facts.facts.push_back({"fault", fault != run.parameters.end() ? fault->second : ""});
  facts.facts.push_back({"outcome", run.status.ok() ? "the kernel finished" : run.status.message});
  return {facts};
}

}  // namespace
}  // namespace fault_drills

std::unique_ptr<Lesson> make_fault_drills_lesson() {
  return std::make_unique<StepTableLesson>(
      "faults", "Fault drills", "99_fault_drills", "kernels.cuh",
      std::vector<StepEntry>{{fault_drills::drill_step, fault_drills::run_step, fault_drills::drill_views,
                              FailedRunViews::always}});
}

}  // namespace cudalab::lessons
