#include "tuning.h"

#include <cstdlib>
#include <fstream>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "text/say.h"

namespace cudalab::lessons::ladder {

const LadderKernel* LadderChoice::of(Rung rung) const {
  auto found = kernels.find(rung);
  return found != kernels.end() && found->second ? found->second : default_kernel(rung);
}

const LadderKernel* tuned_pick(std::span<const TimedInstance> timed) {
  const TimedInstance* fastest = nullptr;
  const TimedInstance* fastest_rounding = nullptr;
  for (const TimedInstance& t : timed) {
    if (!fastest || t.tflops > fastest->tflops) fastest = &t;
    if (!t.kernel->truncates_inputs() && (!fastest_rounding || t.tflops > fastest_rounding->tflops))
      fastest_rounding = &t;
  }
  if (fastest_rounding) return fastest_rounding->kernel;
  return fastest ? fastest->kernel : nullptr;
}

std::filesystem::path default_ladder_tuning_path() {
  const char* cache = std::getenv("XDG_CACHE_HOME");
  std::filesystem::path base;
  if (cache && *cache) {
    base = cache;
  } else {
    const char* home = std::getenv("HOME");
    base = std::filesystem::path(home && *home ? home : ".") / ".cache";
  }
  return base / "cudalab" / "matmul_ladder_tuning.json";
}

const LadderKernel* untuned_kernel(const Device& device, Rung rung) {
  // Rung 7's first instance (74 KiB) fits every GPU with TF32. Where 153 KiB fit (A100, H100,
  // H200), this one is what the tuner picked on an H100 and an H200: 226 against 187 TFLOP/s at
  // n = 4096 on an H100.
  constexpr std::pair<Rung, const char*> kWhereItFits[] = {{Rung::tf32_mma, "mma_128x256x32_w64x64_3stage"}};
  if (device.is_gpu())
    for (const auto& [of, key] : kWhereItFits) {
      const LadderKernel* kernel = find_ladder_kernel(key);
      if (of == rung && kernel && check_ladder_kernel(device, *kernel).ok()) return kernel;
    }
  return default_kernel(rung);
}

LadderChoice load_ladder_choice(const Device& device, const std::filesystem::path& path) {
  LadderChoice choice;
  for (Rung rung : kRungs) choice.kernels[rung] = untuned_kernel(device, rung);
  std::ifstream file(path);
  if (!file) {
    choice.source = say("each rung's default shape (no tuning saved at {}; `cudalab bench matmul --tune` makes one)",
                        path.string());
    return choice;
  }
  nlohmann::json saved = nlohmann::json::parse(file, nullptr, false);
  if (saved.is_discarded() || !saved.is_object() || !saved.contains("chosen")) {
    choice.source = say("each rung's default shape ({} is not a tuning file)", path.string());
    return choice;
  }
  const std::string tuned_on = saved.value("device", "");
  if (tuned_on != device.facts().name) {
    choice.source = say("each rung's default shape ({} was tuned on {}, not on this {})", path.string(), tuned_on,
                        device.facts().name);
    return choice;
  }
  for (Rung rung : kRungs) {
    const nlohmann::json& chosen = saved["chosen"];
    if (!chosen.contains(rung_key(rung)) || !chosen[rung_key(rung)].is_string()) continue;
    const LadderKernel* kernel = find_ladder_kernel(chosen[rung_key(rung)].get<std::string>());
    if (kernel && kernel->rung == rung) choice.kernels[rung] = kernel;
  }
  choice.tuned = true;
  choice.source = say("tuned on {} at n = {} ({})", tuned_on, saved.value("n", 0), path.string());
  return choice;
}

}  // namespace cudalab::lessons::ladder
