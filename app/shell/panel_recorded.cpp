// A GPU's run beside the live one: where a step has a recorded run (shipped with the app, from
// `--recordings DIR`, or opened by name) and the live device is not a GPU, the canvas offers both.
// The recorded run is drawn by the same views as a live one, under a banner that says where and
// when it was made, so it never passes for this machine's run.
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "i18n/text_patterns.h"
#include "run_checks.h"
#include "shell/app_shell.h"
#include "widgets/banner.h"

namespace cudalab::app {

using i18n::tr;

void AppShell::show_recorded(bool recorded) {
  if (recorded == showing_recorded_) return;
  const int chapter = course_.current_chapter(), step = course_.current_step();
  const std::uint64_t version = (shown_ ? shown_->version : 0) + (live_shown_ ? live_shown_->version : 0) + 1;
  if (recorded) {
    const Run* run = course_.chapter_count() > 0 ? recordings_.find(course_.current().id, step) : nullptr;
    if (run == nullptr) return;
    // A recording is a file from elsewhere: checked against this step, its pictures made inside
    // the error handling a live run has (lessons/run_checks.h).
    const lessons::Lesson& lesson = *lessons_[static_cast<std::size_t>(chapter)];
    std::vector<lessons::View> views;
    Status usable = lessons::check_run_for_step(lesson, *run);
    if (usable.ok()) usable = lessons::views_of(lesson, step, *run, &views);
    if (!usable.ok()) {
      console_.add(ConsoleLog::Kind::warning, tr("The recorded run was not shown: ") + i18n::tr_text(usable.message));
      recorded_problem_ = usable.message;
      return;
    }
    live_shown_ = std::move(shown_);
    shown_ = ShownRun{chapter, step, *run, std::move(views), version, 0, lessons::speaking()};
    showing_recorded_ = true;
  } else {
    shown_ = std::move(live_shown_);
    live_shown_.reset();
    if (shown_) shown_->version = version;  // canvases upload the live picture again
    showing_recorded_ = false;
  }
  selected_picture_ = 0;
}

void AppShell::draw_recording_choice() {
  for (std::string& problem : recordings_.take_problems()) console_.add(ConsoleLog::Kind::warning, std::move(problem));
  if (course_.chapter_count() == 0) return;
  const bool live_is_gpu = backend_facts_ && backend_facts_->is_gpu();
  const std::string& lesson = course_.current().id;
  const int step = course_.current_step();
  // On a GPU the live run is the real thing; a recording is offered only when it was asked for.
  if (live_is_gpu && !open_recorded_at_start_ && !showing_recorded_) return;
  if (recordings_.find(lesson, step) == nullptr) return;
  if (open_recorded_at_start_) {
    open_recorded_at_start_ = false;
    show_recorded(true);
  }
  // "recorded on …" / "opened from …": the shelf's English words, led by the current language's.
  std::string label = recordings_.label_of(lesson, step);
  for (const char* lead : {"recorded on ", "opened from "}) {
    if (label.starts_with(lead)) label = tr(lead) + label.substr(std::string_view(lead).size());
  }
  const std::string live = backend_facts_ ? (live_is_gpu ? tr("Live: ") + backend_facts_->name : std::string(tr("Live: CPU emulator")))
                                          : std::string(tr("Live"));
  if (ImGui::RadioButton(live.c_str(), !showing_recorded_)) show_recorded(false);
  ImGui::SameLine();
  const std::string recorded = label.empty() ? std::string(tr("Recorded"))
                               : std::string(1, char(std::toupper(static_cast<unsigned char>(label[0])))) + label.substr(1);
  if (ImGui::RadioButton(recorded.c_str(), showing_recorded_)) show_recorded(true);
  if (ImGui::IsItemHovered()) {
    ImGui::SetTooltip("%s", tr("The same step run on a real GPU elsewhere, at the values it was recorded with:\n"
                               "its pictures, numbers and timings are that GPU's, not this machine's."));
  }
  if (!showing_recorded_) return;
  widgets::draw_banner(tr("Not live: ") + label +
                           tr(". Pictures, numbers and timings are that device's, at the values it was recorded with."),
                       IM_COL32(40, 70, 130, 255));
}

std::string AppShell::open_saved_run(const std::string& path) {
  Run run;
  if (const Status loaded = load_run(path, &run); !loaded.ok()) return loaded.describe();
  int chapter = -1;
  for (int i = 0; i < course_.chapter_count(); ++i) {
    if (course_.chapter(i).id == run.lesson) chapter = i;
  }
  if (chapter < 0 || run.step < 0 || run.step >= static_cast<int>(course_.chapter(chapter).steps.size())) {
    return path + " is a run of a step this CUDA Lab does not have (" + run.lesson + " step " + std::to_string(run.step + 1) +
           ")";
  }
  if (const Status usable = lessons::check_run_for_step(*lessons_[static_cast<std::size_t>(chapter)], run); !usable.ok())
    return path + ": " + usable.message;
  course_.go_to(chapter, run.step);
  adopt_opened_run(std::move(run), path);
  on_position_changed();
  recorded_problem_.clear();
  show_recorded(true);
  if (!recorded_problem_.empty()) return path + ": " + recorded_problem_;
  return "";
}

void AppShell::adopt_opened_run(Run run, const std::string& path) {
  if (const lessons::Step* step = course_.current_step_outline(); step != nullptr) {
    for (const auto& [name, value] : run.parameters) (void)lessons::apply_assignment(*step, name + "=" + value, &course_.values());
  }
  // The run is already there: no question before it.
  predictions_.mark_answered(course_.current_chapter(), course_.current_step());
  recordings_.add_run(std::move(run), std::filesystem::path(path).filename().string());
}

void AppShell::draw_open_run_popup() {
  if (!ImGui::BeginPopup("Open a saved run")) return;
  const float em = fonts_.regular->FontSize;
  if (open_run_path_.empty()) {
    const char* home = std::getenv("HOME");
    open_run_path_ = std::string(home != nullptr ? home : ".") + "/";
  }
  ImGui::TextUnformatted(tr("A run saved by `cudalab run --json FILE` or `cudalab record`:"));
  char buffer[1024] = {};
  open_run_path_.copy(buffer, sizeof(buffer) - 1);
  ImGui::SetNextItemWidth(em * 28.f);
  const bool entered = ImGui::InputText("##run_path", buffer, sizeof(buffer), ImGuiInputTextFlags_EnterReturnsTrue);
  open_run_path_ = buffer;
  ImGui::SameLine();
  if (ImGui::Button(tr("Open")) || entered) {
    open_run_problem_ = open_saved_run(open_run_path_);
    if (open_run_problem_.empty()) {
      console_.add(ConsoleLog::Kind::info, "Opened " + open_run_path_);
      ImGui::CloseCurrentPopup();
    }
  }
  if (!open_run_problem_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, colours_.error);
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + em * 34.f);
    ImGui::TextUnformatted(open_run_problem_.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
  }
  ImGui::EndPopup();
}

}  // namespace cudalab::app
