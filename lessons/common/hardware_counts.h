#pragma once
// The GPU's own counts beside the trace's: a step asks for some of Nsight Compute's metrics over a
// few launches (Device::read_hardware_counters, CUPTI) and keeps the answer in its run's results,
// so a recording carries it and the views show it next to the counts the app derived itself.
// Where the counters cannot be read (the emulator, no CUPTI, counters kept to administrators) the
// results say why in words, and the step goes on with the trace's counts alone.
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cudalab/device.h"

namespace cudalab::lessons {

// Nsight Compute's names for the counters the course shows.
inline constexpr const char* kDivergentBranchTargets = "smsp__sass_branch_targets_threads_divergent.sum";
inline constexpr const char* kBranchTargets = "smsp__sass_branch_targets.sum";
inline constexpr const char* kSharedLoadWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum";
inline constexpr const char* kSharedStoreWavefronts = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum";
inline constexpr const char* kSharedLoads = "smsp__sass_inst_executed_op_shared_ld.sum";
inline constexpr const char* kSharedStores = "smsp__sass_inst_executed_op_shared_st.sum";
inline constexpr const char* kSharedLoadBankConflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
inline constexpr const char* kSharedStoreBankConflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum";
inline constexpr const char* kGlobalLoadSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum";
inline constexpr const char* kGlobalLoadRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum";
inline constexpr const char* kGlobalStoreSectors = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum";
inline constexpr const char* kGlobalStoreRequests = "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum";

// Runs `work` (which launches kernels) under the counters. The JSON:
//   {"read": true, "source": "…", "launches": [{"kernel": "…", "values": {metric: value}}, …]}
//   {"read": false, "why": "…"}
// A failure of `work` itself is returned as the Status (the step failed); a failure to read the
// counters is not (the step goes on).
Status read_hardware_counts(Device& device, const std::vector<std::string>& metrics, const std::function<Status()>& work,
                            nlohmann::json* out);

// The sum of `metric` over the launches of kernels whose name contains `kernel`; -1 when absent.
double counted(const nlohmann::json& counts, const std::string& kernel, const std::string& metric);

// Where the numbers came from, for a view's label: "the GPU's own counters (CUPTI)".
inline constexpr const char* kHardwareCountsSource = "the GPU's own counters (CUPTI, kernel replay)";

}  // namespace cudalab::lessons
