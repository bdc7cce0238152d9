#include "check_support.h"

#include <algorithm>
#include <chrono>

#include "cudalab/files.h"

namespace cudalab::exercise_tests {

Checker::Checker(BackendRequest request) {
  DeviceFacts facts;
  opened_ = client_.open({request, 0}, nullptr, &facts);
}

ex::Verdict Checker::check(const std::string& exercise, const std::string& source, double time_limit_seconds) {
  lessons::RunControl control;
  const ex::Exercise* found = ex::find_exercise(exercise);
  const double seconds = time_limit_seconds > 0 ? time_limit_seconds : (found ? found->time_limit_seconds : 10);
  const Run run = client_.check(exercise, source, control, std::chrono::milliseconds(static_cast<long long>(seconds * 1000)));
  return ex::verdict_of_run(run, exercise);
}

std::vector<Variant> all_variants() {
  std::vector<Variant> variants;
  const std::filesystem::path root = CUDALAB_VARIANTS_DIR;
  if (!std::filesystem::exists(root)) return variants;
  for (const auto& folder : std::filesystem::directory_iterator(root)) {
    if (!folder.is_directory()) continue;
    for (const auto& entry : std::filesystem::directory_iterator(folder.path())) {
      const std::string name = entry.path().filename().string();
      if (entry.path().extension() != ".cu") continue;
      Variant variant;
      variant.exercise = folder.path().filename().string();
      auto parse_kind = [](std::string kind, ex::VerdictKind* out) {
        std::replace(kind.begin(), kind.end(), '_', ' ');
        if (kind == "too many accesses") kind = "too many reads or writes";
        if (!ex::parse_verdict_kind(kind, out)) *out = ex::VerdictKind::cannot_run;
      };
      parse_kind(name.substr(0, name.find("--")), &variant.expected);
      variant.emulator_only = name.find("--emu-only--") != std::string::npos;
      if (const std::size_t gpu = name.find("--gpu-"); gpu != std::string::npos) {
        const std::size_t from = gpu + 6;
        parse_kind(name.substr(from, name.find("--", from) - from), &variant.gpu_expected);
        variant.gpu_differs = true;
      }
      variant.file = entry.path();
      variant.source = read_whole_file(entry.path()).value_or("");
      variants.push_back(std::move(variant));
    }
  }
  std::sort(variants.begin(), variants.end(), [](const Variant& a, const Variant& b) { return a.file < b.file; });
  return variants;
}

}  // namespace cudalab::exercise_tests
