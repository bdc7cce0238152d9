#pragma once
// The GPU's own performance counters, read by CUPTI's range profiler around some work
// (Device::read_hardware_counters): every kernel launched inside is one range, replayed by CUPTI
// as many times as the counters need, with device memory saved and restored between replays, so
// the work's results are as if it ran once. The metric names are Nsight Compute's
// (l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum, …). The emulator has no counters.
#include <map>
#include <string>
#include <vector>

namespace cudalab {

struct KernelCounters {
  std::string kernel;                    // the kernel launched (CUPTI numbers its ranges in launch order)
  std::map<std::string, double> values;  // metric → value for this launch
};

struct HardwareCounters {
  std::vector<KernelCounters> launches;  // in launch order
};

}  // namespace cudalab
