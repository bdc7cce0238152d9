#include "shell/automation.h"

#include <imgui.h>

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

// FNV-1a over what ImGui drew this frame: vertices, indices and each command's clip and texture.
std::uint64_t draw_data_hash() {
  std::uint64_t hash = 14695981039346656037ull;
  auto mix = [&hash](const void* data, std::size_t bytes) {
    const auto* byte = static_cast<const unsigned char*>(data);
    for (std::size_t i = 0; i < bytes; ++i) hash = (hash ^ byte[i]) * 1099511628211ull;
  };
  const ImDrawData* draw_data = ImGui::GetDrawData();
  if (draw_data == nullptr) return 0;
  for (int n = 0; n < draw_data->CmdListsCount; ++n) {
    const ImDrawList* list = draw_data->CmdLists[n];
    mix(list->VtxBuffer.Data, static_cast<std::size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert));
    mix(list->IdxBuffer.Data, static_cast<std::size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx));
    for (const ImDrawCmd& command : list->CmdBuffer) {
      mix(&command.ClipRect, sizeof(command.ClipRect));
      mix(&command.TextureId, sizeof(command.TextureId));
      mix(&command.ElemCount, sizeof(command.ElemCount));
    }
  }
  return hash;
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
  } else if (!options.tour_faces.empty()) {
    mode_ = Mode::tour;
    faces_ = options.tour_faces;
  } else if (!options.tour_dir.empty()) {
    mode_ = Mode::tour;
    tour_dir_ = options.tour_dir;
  }
}

const TourFace& Automation::face() const {
  const int count = static_cast<int>(faces_.size());
  return faces_[static_cast<std::size_t>(faces_reversed_ ? count - 1 - face_turn_ : face_turn_)];
}

Automation::FaceState Automation::bring_face(AppShell& shell, int framebuffer_width, int framebuffer_height) {
  const TourFace& wanted = face();
  const auto now = std::chrono::steady_clock::now();
  if (!face_asked_) {
    face_asked_ = true;
    face_asked_at_ = now;
    if (resize_window_) resize_window_(wanted.width, wanted.height);
    shell.show_face(wanted.font_scale, wanted.language, wanted.present);
  }
  // The framebuffer, not the window: it is what gets saved, and it follows the resize last.
  if (framebuffer_width == wanted.width && framebuffer_height == wanted.height && shell.fonts_current()) return FaceState::shown;
  if (std::chrono::duration<double>(now - face_asked_at_).count() > face_timeout_seconds) {
    std::fprintf(stderr, "cudalab: the window did not become %dx%d within %.0f s (it is %dx%d); is the screen large enough?\n",
                 wanted.width, wanted.height, face_timeout_seconds, framebuffer_width, framebuffer_height);
    return FaceState::never_came;
  }
  return FaceState::on_its_way;
}

std::string Automation::tour_file(const AppShell& shell) const {
  const Course& course = shell.course();
  const std::string name = course.current().id + "-" + std::to_string(course.current_step() + 1) + ".png";
  return (std::filesystem::path(faces_.empty() ? tour_dir_ : face().dir) / name).string();
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
  const bool has_chapter = shell.course().chapter_count() > 0;
  if (!faces_.empty() && has_chapter) {
    // The layout and the canvases need their frames after the face arrived, as after a run.
    const FaceState state = bring_face(shell, framebuffer_width, framebuffer_height);
    if (state == FaceState::never_came) return 1;
    if (state == FaceState::on_its_way) {
      settled_frames_ = 0;
      return std::nullopt;
    }
  }
  ++settled_frames_;
  bool still = true;
  if (!faces_.empty()) {
    // A pane drawn last in another face (the chapter list: hidden while presenting, last drawn at
    // another size) takes a few more frames to settle its scroll range. Shoot once two frames in
    // a row drew the same, as a fresh start in that face would have from the start.
    const std::uint64_t drawn = draw_data_hash();
    still = settled_frames_ > 1 && drawn == last_draw_hash_;
    last_draw_hash_ = drawn;
  }
  if (settled_frames_ < std::max(frames_after_run, hold_frames_)) return std::nullopt;
  if (!still && settled_frames_ < face_frame_limit) return std::nullopt;
  if (!still) {
    std::fprintf(stderr, "cudalab: %s step %d still changed after %d frames in the face of %s; shot as it is\n",
                 shell.course().current().id.c_str(), shell.course().current_step() + 1, face_frame_limit, face().dir.c_str());
  }
  settled_frames_ = 0;
  waiting_since_ = now;

  const Course& course = shell.course();
  const std::string step_name = has_chapter ? course.current().id + " step " + std::to_string(course.current_step() + 1) : "";
  if (shell.last_run_failed() && face_turn_ == 0) {  // one run, however many faces shoot it
    ++failed_runs_;
    std::fprintf(stderr, "cudalab: %s failed: %s\n", step_name.c_str(), shell.last_run_problem().c_str());
  }
  if (const std::string problem = shell.program_problem(); !problem.empty() && face_turn_ == 0) {
    ++failed_runs_;
    std::fprintf(stderr, "cudalab: the Code tab's program run failed: %s\n", problem.c_str());
  }
  if (mode_ == Mode::shot) {
    if (const std::string problem = save(shell, framebuffer_width, framebuffer_height, shot_path_); !problem.empty()) {
      std::fprintf(stderr, "cudalab: screenshot not saved: %s\n", problem.c_str());
      return 1;
    }
    return failed_runs_ > 0 ? 3 : 0;
  }

  if (has_chapter) {
    if (const std::string problem = save(shell, framebuffer_width, framebuffer_height, tour_file(shell)); !problem.empty()) {
      std::fprintf(stderr, "cudalab: tour screenshot not saved: %s\n", problem.c_str());
      return 1;
    }
    ++saved_;
    face_asked_ = false;
    if (!faces_.empty() && ++face_turn_ < static_cast<int>(faces_.size())) return std::nullopt;  // the same step, next face
    // The next step starts in the face this one ended in: every other step visits them backwards.
    face_turn_ = 0;
    faces_reversed_ = !faces_reversed_;
  }
  const bool at_end = !has_chapter || (course.current_chapter() == course.chapter_count() - 1 &&
                                       course.current_step() >= static_cast<int>(course.current().steps.size()) - 1);
  if (at_end) {
    const std::string where = faces_.empty() ? tour_dir_ : std::to_string(faces_.size()) + " folders";
    std::fprintf(stderr, "cudalab: tour saved %d screenshots in %s%s\n", saved_, where.c_str(),
                 failed_runs_ > 0 ? (" (" + std::to_string(failed_runs_) + " runs failed)").c_str() : "");
    return failed_runs_ > 0 ? 3 : 0;
  }
  shell.queue_navigation(NavAction::next_step);  // what → does
  return std::nullopt;
}

}  // namespace cudalab::app
