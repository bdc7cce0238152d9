#include "shell/frame_pacing.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "cudalab/files.h"

namespace cudalab::app {

double process_age_seconds() {
  const std::string stat = read_whole_file("/proc/self/stat").value_or("");
  // Field 22 (starttime, in clock ticks since boot) comes after the ")" that ends the command name.
  const auto close = stat.rfind(')');
  if (close == std::string::npos) return 0;
  std::istringstream fields(stat.substr(close + 2));
  std::string field;
  for (int index = 3; index <= 22 && fields >> field; ++index) {
  }
  std::ifstream uptime_file("/proc/uptime");
  double uptime = 0;
  if (!(uptime_file >> uptime)) return 0;
  const double ticks = static_cast<double>(sysconf(_SC_CLK_TCK));
  const double started = std::strtod(field.c_str(), nullptr) / ticks;
  return std::max(uptime - started, 0.0);
}

double process_cpu_seconds() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

FramePacing::FramePacing() : process_age_at_start_(process_age_seconds()), created_(Clock::now()) {
  if (const char* value = std::getenv("CUDALAB_FRAME_STATS"); value != nullptr && *value != '\0' && *value != '0') {
    const long frames = std::strtol(value, nullptr, 10);
    report_every_ = frames > 1 ? static_cast<int>(frames) : 300;
  }
  last_frame_ = window_start_ = created_;
}

void FramePacing::set_refresh_rate(int hertz) {
  if (hertz >= 30 && hertz <= 360) frame_interval_ = 1.0 / hertz;
}

void FramePacing::frame_shown() {
  Clock::time_point now = Clock::now();
  ++frames_;
  if (frames_ == 1) {
    first_frame_seconds_ = process_age_at_start_ + std::chrono::duration<double>(now - created_).count();
    if (measuring()) std::fprintf(stderr, "cudalab: first frame %.3f s after process start\n", first_frame_seconds_);
    window_start_ = now;
    last_frame_ = now;
    window_cpu_seconds_ = process_cpu_seconds();
    return;
  }
  if (!measuring()) {
    // Where vsync blocks this sleeps ~0; under Xvfb (no vsync) it holds the refresh rate.
    const double spent = std::chrono::duration<double>(now - last_frame_).count();
    if (spent < frame_interval_) {
      std::this_thread::sleep_for(std::chrono::duration<double>(frame_interval_ - spent - 0.0005));
      now = Clock::now();
    }
    last_frame_ = now;
    return;
  }
  worst_frame_ = std::max(worst_frame_, std::chrono::duration<double>(now - last_frame_).count());
  last_frame_ = now;
  if (++window_frames_ == report_every_) {
    const double seconds = std::chrono::duration<double>(now - window_start_).count();
    // CPU per frame does not depend on what else the machine runs: on a shared classroom PC the
    // wall-clock rate does.
    const double cpu = process_cpu_seconds();
    std::fprintf(stderr, "cudalab: %ld frames at %.1f fps (mean %.2f ms, worst %.2f ms; %.2f ms CPU per frame, all threads)\n",
                 window_frames_, window_frames_ / seconds, 1000.0 * seconds / window_frames_, 1000.0 * worst_frame_,
                 1000.0 * (cpu - window_cpu_seconds_) / window_frames_);
    window_frames_ = 0;
    worst_frame_ = 0;
    window_start_ = now;
    window_cpu_seconds_ = cpu;
  }
}

}  // namespace cudalab::app
