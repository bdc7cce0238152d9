#include "cli/record_command.h"

#include <filesystem>
#include <ostream>
#include <system_error>

#include <fmt/format.h>

#include "cli/every_step.h"
#include "cudalab/run.h"
#include "lesson.h"
#include "worker/step_host.h"

namespace cudalab::app {

int run_record(std::ostream& out, const RecordOptions& options) {
  std::error_code error;
  std::filesystem::create_directories(options.out_dir, error);
  if (error) {
    out << fmt::format("cudalab: cannot make the folder {}: {}\n", options.out_dir, error.message());
    return 2;
  }
  auto lessons = lessons::make_lessons();
  // Every step runs in a worker, as in the window: one that hangs costs its time limit, no more.
  auto host = worker::make_worker_host();
  DeviceFacts facts;
  if (Status s = host->open({options.backend, 0}, nullptr, &facts); !s.ok()) {
    out << "cudalab: " << s.describe() << "\n";
    return 2;
  }
  if (options.backend == BackendRequest::gpu && !facts.is_gpu()) {
    out << "cudalab: record needs a GPU; this machine offers " << facts.label() << "\n";
    return 2;
  }
  out << "recording on " << facts.label() << " into " << options.out_dir << "\n";
  nlohmann::json steps = nlohmann::json::array();
  int failed = 0;
  std::string recorded_at;
  run_every_step(*host, facts, lessons, options.only_chapter, [&](const StepRun& done) {
    const std::string file = fmt::format("{}-{}.json", done.lesson->id(), done.step + 1);
    const Status saved = save_run(done.run, (std::filesystem::path(options.out_dir) / file).string());
    if (recorded_at.empty()) recorded_at = done.run.started_at;
    const bool ok = done.run.status.ok() && saved.ok();
    failed += !ok;
    steps.push_back({{"chapter", done.lesson->id()}, {"step", done.step + 1}, {"title", done.title}, {"file", file},
                     {"ok", ok}, {"seconds", done.seconds},
                     {"problem", !saved.ok() ? saved.describe() : done.run.status.ok() ? "" : done.run.status.describe()}});
    out << fmt::format("  {:<10} step {}  {:<34} {}\n", done.lesson->id(), done.step + 1, done.title,
                       ok ? fmt::format("recorded in {:.1f} s", done.seconds)
                          : "FAILED: " + (saved.ok() ? done.run.status.describe() : saved.describe()));
  });
  const nlohmann::json manifest = {{"device", to_json(facts)},     {"recorded_at", recorded_at},
                                   {"cudalab_version", CUDALAB_VERSION}, {"defaults_only", true},
                                   {"steps", steps}};
  const auto manifest_path = std::filesystem::path(options.out_dir) / "recording.json";
  if (const Status saved = save_json(manifest, manifest_path.string()); !saved.ok()) {
    out << "cudalab: " << saved.describe() << "\n";
    return 2;
  }
  out << fmt::format("{} steps recorded, {} failed; manifest {}\n", steps.size() - failed, failed, manifest_path.string());
  return failed == 0 ? 0 : 1;
}

}  // namespace cudalab::app
