#include "shell/automation.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "shell/app_shell.h"
#include "shell/screenshot.h"

namespace cudalab::app {

namespace {

std::string stem_of(const std::string& png_path) {
  return png_path.size() > 4 && png_path.compare(png_path.size() - 4, 4, ".png") == 0 ? png_path.substr(0, png_path.size() - 4)
                                                                                      : png_path;
}

std::string write_text(const std::string& path, const std::string& text) {
  std::FILE* file = std::fopen(path.c_str(), "wb");
  if (file == nullptr) return "cannot write " + path;
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size();
  return std::fclose(file) == 0 && written ? "" : "cannot write " + path;
}

}  // namespace

std::string Automation::save(AppShell& shell, int framebuffer_width, int framebuffer_height, const std::string& path) {
  if (std::string problem = save_back_buffer_png(framebuffer_width, framebuffer_height, path); !problem.empty()) return problem;
  const std::string stem = stem_of(path);
  const bool audience = capture_audience_ && shell.audience_window_open();
  if (audience) {
    if (std::string problem = capture_audience_(stem + ".audience.png"); !problem.empty()) return problem;
  }
  if (layout_report_) {
    if (std::string problem = write_text(stem + ".layout.json", shell.layout_report(false)); !problem.empty()) return problem;
    if (audience) {
      if (std::string problem = write_text(stem + ".audience.layout.json", shell.layout_report(true)); !problem.empty()) {
        return problem;
      }
    }
  }
  return "";
}

Automation::Automation(const GuiOptions& options) {
  if (const char* report = std::getenv("CUDALAB_LAYOUT_REPORT"); report != nullptr && *report != '\0') layout_report_ = true;
  if (!options.shot_out.empty()) {
    mode_ = Mode::shot;
    shot_path_ = options.shot_out;
  } else if (!options.tour_dir.empty()) {
    mode_ = Mode::tour;
    tour_dir_ = options.tour_dir;
  }
}

std::optional<int> Automation::after_render(AppShell& shell, int framebuffer_width, int framebuffer_height) {
  if (mode_ == Mode::none) return std::nullopt;
  const auto now = std::chrono::steady_clock::now();
  if (!shell.run_settled()) {
    settled_frames_ = 0;
    if (std::chrono::duration<double>(now - waiting_since_).count() > run_timeout_seconds) {
      std::fprintf(stderr, "cudalab: the run of %s step %d did not finish within %.0f s\n", shell.course().current().id.c_str(),
                   shell.course().current_step() + 1, run_timeout_seconds);
      return 1;
    }
    return std::nullopt;
  }
  if (++settled_frames_ < std::max(frames_after_run, hold_frames_)) return std::nullopt;
  settled_frames_ = 0;
  waiting_since_ = now;

  const Course& course = shell.course();
  const bool has_chapter = course.chapter_count() > 0;
  const std::string step_name = has_chapter ? course.current().id + " step " + std::to_string(course.current_step() + 1) : "";
  if (shell.last_run_failed()) {
    ++failed_runs_;
    std::fprintf(stderr, "cudalab: %s failed: %s\n", step_name.c_str(), shell.last_run_problem().c_str());
  }
  if (mode_ == Mode::shot) {
    if (const std::string problem = save(shell, framebuffer_width, framebuffer_height, shot_path_); !problem.empty()) {
      std::fprintf(stderr, "cudalab: screenshot not saved: %s\n", problem.c_str());
      return 1;
    }
    return failed_runs_ > 0 ? 3 : 0;
  }

  if (has_chapter) {
    const std::string file =
        (std::filesystem::path(tour_dir_) / (course.current().id + "-" + std::to_string(course.current_step() + 1) + ".png")).string();
    if (const std::string problem = save(shell, framebuffer_width, framebuffer_height, file); !problem.empty()) {
      std::fprintf(stderr, "cudalab: tour screenshot not saved: %s\n", problem.c_str());
      return 1;
    }
    ++saved_;
  }
  const bool at_end = !has_chapter || (course.current_chapter() == course.chapter_count() - 1 &&
                                       course.current_step() >= static_cast<int>(course.current().steps.size()) - 1);
  if (at_end) {
    std::fprintf(stderr, "cudalab: tour saved %d screenshots in %s%s\n", saved_, tour_dir_.c_str(),
                 failed_runs_ > 0 ? (" (" + std::to_string(failed_runs_) + " runs failed)").c_str() : "");
    return failed_runs_ > 0 ? 3 : 0;
  }
  shell.queue_navigation(NavAction::next_step);  // what → does
  return std::nullopt;
}

}  // namespace cudalab::app
