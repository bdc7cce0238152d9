#include "shell/backend_words.h"

#include "i18n/language.h"
#include "i18n/view_words.h"

namespace cudalab::app {

using i18n::tr;

BackendWords backend_words(const DeviceFacts& facts) {
  BackendWords words;
  const std::string host = facts.host_cpu.empty() ? "" : std::string("\n") + tr("Host: ") + facts.host_cpu;
  if (facts.is_gpu()) {
    words.label = i18n::device_label(facts);
    words.detail = facts.name + " · " + facts.arch() + " · " + std::to_string(facts.sm_count) + " SMs" + host;
    return words;
  }
  const std::string workers =
      std::to_string(facts.sm_count) + " " + tr(facts.sm_count == 1 ? "worker thread" : "worker threads");
  const std::string emulator = tr("CPU emulator");
  const std::string cpu_times = tr("Times shown are CPU times, not GPU times.");
  if (facts.why_no_gpu.empty()) {
    words.label = tr("Running on the CPU emulator (chosen in the backend menu)");
    words.detail = emulator + " · " + workers + host + "\n" + cpu_times;
  } else {
    words.label = tr("No NVIDIA GPU found — running on the CPU emulator");
    words.detail = tr("Why: ") + i18n::message_text(facts.why_no_gpu) + "\n" + emulator + " · " + workers + host + "\n" + cpu_times + " " +
                   tr("`cudalab devices` lists the backends.");
  }
  return words;
}

}  // namespace cudalab::app
