#include "common/hardware_counts.h"

namespace cudalab::lessons {

Status read_hardware_counts(Device& device, const std::vector<std::string>& metrics, const std::function<Status()>& work,
                            nlohmann::json* out) {
  // The work's own failure is told apart from the counters' by remembering it here.
  Status work_status;
  HardwareCounters counters;
  const Status read = device.read_hardware_counters(metrics, [&] { return work_status = work(); }, &counters);
  if (!work_status.ok()) return work_status;
  if (!read.ok()) {
    *out = {{"read", false}, {"why", read.message}};
    return Status::success();
  }
  nlohmann::json launches = nlohmann::json::array();
  for (const KernelCounters& launch : counters.launches) {
    nlohmann::json values = nlohmann::json::object();
    for (const auto& [metric, value] : launch.values) values[metric] = value;
    launches.push_back({{"kernel", launch.kernel}, {"values", values}});
  }
  *out = {{"read", true}, {"source", kHardwareCountsSource}, {"launches", launches}};
  return Status::success();
}

double counted(const nlohmann::json& counts, const std::string& kernel, const std::string& metric) {
  if (!counts.value("read", false) || !counts.contains("launches")) return -1;
  double sum = 0;
  bool found = false;
  for (const auto& launch : counts["launches"]) {
    if (launch.value("kernel", "").find(kernel) == std::string::npos) continue;
    if (!launch.contains("values") || !launch["values"].contains(metric)) continue;
    sum += launch["values"][metric].get<double>();
    found = true;
  }
  return found ? sum : -1;
}

}  // namespace cudalab::lessons
