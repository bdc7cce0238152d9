#include "panels/recorded_runs.h"

#include <imgui.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>

#include "i18n/text_patterns.h"
#include "i18n/view_words.h"
#include "run_checks.h"
#include "widgets/banner.h"

namespace cudalab::app {

using i18n::tr;

bool RecordedRuns::show_recorded(bool recorded, Shell shell) {
  if (recorded == showing_recorded_) return false;
  Course& course = shell.course;
  const int chapter = course.current_chapter(), step = course.current_step();
  std::optional<ShownRun>& shown = shell.shown;
  const std::uint64_t version = (shown ? shown->version : 0) + (waiting_live_ ? waiting_live_->version : 0) + 1;
  if (recorded) {
    const Run* run = course.chapter_count() > 0 ? shelf_.find(course.current().id, step) : nullptr;
    if (run == nullptr) return false;
    // A recording is a file from elsewhere: checked against this step, its pictures made inside
    // the error handling a live run has (lessons/run_checks.h).
    const lessons::Lesson& lesson = *shell.lessons[static_cast<std::size_t>(chapter)];
    std::vector<lessons::View> views;
    Status usable = lessons::check_run_for_step(lesson, *run);
    if (usable.ok()) usable = lessons::views_of(lesson, step, *run, &views);
    if (!usable.ok()) {
      shell.console.add(ConsoleLog::Kind::warning, tr("The recorded run was not shown: ") + i18n::status_text(usable));
      recorded_problem_ = usable.message;
      return false;
    }
    waiting_live_ = std::move(shown);
    shown = ShownRun{chapter, step, *run, std::move(views), version, 0, lessons::speaking()};
    showing_recorded_ = true;
  } else {
    shown = std::move(waiting_live_);
    waiting_live_.reset();
    if (shown) shown->version = version;  // canvases upload the live picture again
    showing_recorded_ = false;
  }
  return true;
}

bool RecordedRuns::draw_choice(Shell shell, const std::optional<DeviceFacts>& live_device) {
  for (std::string& problem : shelf_.take_problems()) shell.console.add(ConsoleLog::Kind::warning, std::move(problem));
  const Course& course = shell.course;
  if (course.chapter_count() == 0) return false;
  const bool live_is_gpu = live_device && live_device->is_gpu();
  const std::string& lesson = course.current().id;
  const int step = course.current_step();
  // On a GPU the live run is the real thing; a recording is offered only when it was asked for.
  if (live_is_gpu && !show_at_start_ && !showing_recorded_) return false;
  if (shelf_.find(lesson, step) == nullptr) return false;
  bool changed = false;
  if (show_at_start_) {
    show_at_start_ = false;
    changed |= show_recorded(true, shell);
  }
  // "recorded on …" / "opened from …": the shelf's English words, led by the current language's.
  std::string label = shelf_.label_of(lesson, step);
  for (const char* lead : {"recorded on ", "opened from "}) {
    if (label.starts_with(lead)) label = tr(lead) + label.substr(std::string_view(lead).size());
  }
  const std::string live = live_device ? (live_is_gpu ? tr("Live: ") + live_device->name : std::string(tr("Live: CPU emulator")))
                                       : std::string(tr("Live"));
  if (ImGui::RadioButton(live.c_str(), !showing_recorded_)) changed |= show_recorded(false, shell);
  ImGui::SameLine();
  const std::string recorded = label.empty() ? std::string(tr("Recorded"))
                               : std::string(1, char(std::toupper(static_cast<unsigned char>(label[0])))) + label.substr(1);
  if (ImGui::RadioButton(recorded.c_str(), showing_recorded_)) changed |= show_recorded(true, shell);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("The same step run on a real GPU elsewhere, at the values it was recorded with:\n"
                               "its pictures, numbers and timings are that GPU's, not this machine's."));
  }
  if (!showing_recorded_) return changed;
  widgets::draw_banner(tr("Not live: ") + label +
                           tr(". Pictures, numbers and timings are that device's, at the values it was recorded with."),
                       IM_COL32(40, 70, 130, 255));
  return changed;
}

std::string RecordedRuns::open_saved_run(const std::string& path, Shell shell) {
  Run run;
  if (const Status loaded = load_run(path, &run); !loaded.ok()) return loaded.describe();
  Course& course = shell.course;
  int chapter = -1;
  for (int i = 0; i < course.chapter_count(); ++i) {
    if (course.chapter(i).id == run.lesson) chapter = i;
  }
  if (chapter < 0 || run.step < 0 || run.step >= static_cast<int>(course.chapter(chapter).steps.size())) {
    return path + " is a run of a step this CUDA Lab does not have (" + run.lesson + " step " + std::to_string(run.step + 1) +
           ")";
  }
  if (const Status usable = lessons::check_run_for_step(*shell.lessons[static_cast<std::size_t>(chapter)], run); !usable.ok())
    return path + ": " + usable.message;
  course.go_to(chapter, run.step);
  adopt_opened_run(std::move(run), path, shell);
  shell.position_changed();
  recorded_problem_.clear();
  show_recorded(true, shell);
  if (!recorded_problem_.empty()) return path + ": " + recorded_problem_;
  return "";
}

void RecordedRuns::adopt_opened_run(Run run, const std::string& path, Shell shell) {
  Course& course = shell.course;
  if (const lessons::Step* step = course.current_step_outline(); step != nullptr) {
    for (const auto& [name, value] : run.parameters) (void)lessons::apply_assignment(*step, name + "=" + value, &course.values());
  }
  // The run is already there: no question before it.
  shell.predictions.mark_answered(course.current_chapter(), course.current_step());
  shelf_.add_run(std::move(run), std::filesystem::path(path).filename().string());
}

void RecordedRuns::draw_open_popup(Shell shell, const widgets::Style& style) {
  if (!ImGui::BeginPopup("Open a saved run")) return;
  const float em = style.fonts.regular->FontSize;
  if (open_path_.empty()) {
    const char* home = std::getenv("HOME");
    open_path_ = std::string(home != nullptr ? home : ".") + "/";
  }
  ImGui::TextUnformatted(tr("A run saved by `cudalab run --json FILE` or `cudalab record`:"));
  char buffer[1024] = {};
  open_path_.copy(buffer, sizeof(buffer) - 1);
  ImGui::SetNextItemWidth(em * 28.f);
  const bool entered = ImGui::InputText("##run_path", buffer, sizeof(buffer), ImGuiInputTextFlags_EnterReturnsTrue);
  open_path_ = buffer;
  ImGui::SameLine();
  if (ImGui::Button(tr("Open")) || entered) {
    open_problem_ = open_saved_run(open_path_, shell);
    if (open_problem_.empty()) {
      shell.console.add(ConsoleLog::Kind::info, "Opened " + open_path_);
      ImGui::CloseCurrentPopup();
    }
  }
  if (!open_problem_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, style.colours.error);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + em * 34.f);
    ImGui::TextUnformatted(open_problem_.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
  ImGui::EndPopup();
}

}  // namespace cudalab::app
