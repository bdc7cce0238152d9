#include "panels/exercise_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "cudalab/files.h"
#include "exercises/checker.h"
#include "i18n/text_patterns.h"
#include "markdown/markdown.h"
#include "session/paths.h"
#include "widgets/banner.h"
#include "widgets/code_editor.h"
#include "widgets/markdown_view.h"
#include "widgets/text_fit.h"
#include "worker/sandboxed_check.h"

namespace cudalab::app {

using i18n::tr;

namespace ex = lessons::exercises;

namespace {
// The language exercise texts are shown in: statement.zh-CN.md where the app speaks Chinese.
std::string_view exercise_language() { return i18n::current_language() == i18n::Language::zh_cn ? "zh-CN" : "en"; }
}  // namespace

const ex::Exercise* ExercisePanel::current() const {
  const auto& all = ex::all_exercises();
  if (!index_ || *index_ < 0 || *index_ >= static_cast<int>(all.size())) return nullptr;
  return &all[static_cast<std::size_t>(*index_)];
}

ExerciseWorkspace& ExercisePanel::workspace() {
  if (!workspace_) workspace_ = std::make_unique<ExerciseWorkspace>(data_home_dir() / "exercises");
  return *workspace_;
}

std::vector<int> ExercisePanel::exercises_of_chapter(const Course& course, int chapter) {
  std::vector<int> found;
  const auto& all = ex::all_exercises();
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i].chapter == course.chapter(chapter).folder) found.push_back(static_cast<int>(i));
  return found;
}

void ExercisePanel::open(int index, Shell shell) {
  const auto& all = ex::all_exercises();
  if (index < 0 || index >= static_cast<int>(all.size())) return;
  const int chapter = shell.course.find_chapter_by_folder(all[static_cast<std::size_t>(index)].chapter);
  if (chapter >= 0 && chapter != shell.course.current_chapter()) {
    shell.course.go_to(chapter, 0);
    shell.position_changed();
  }
  index_ = index;
  shell.runner.cancel();  // a step still running would hold the check up; its picture is not shown now
  shell.navigation.scroll_text_to_top();
  shell.settings.changed();
  workspace().text(all[static_cast<std::size_t>(index)]);  // loads the saved file now, not mid-frame later
}

std::string ExercisePanel::start(const GuiOptions& options, bool automated, Shell shell) {
  const auto& all = ex::all_exercises();
  const auto found = std::find_if(all.begin(), all.end(), [&](const ex::Exercise& e) { return e.id == options.exercise; });
  if (found == all.end()) return "no exercise named '" + options.exercise + "' (`cudalab exercises` lists them)";
  if (automated || options.read_only_settings) workspace().set_read_only(true);
  open(static_cast<int>(found - all.begin()), shell);
  const std::string& source = options.exercise_source;
  if (!source.empty()) {
    std::string text;
    if (source == "starter") {
      text = found->starter();
    } else if (source == "solution") {
      text = found->solution();
    } else {
      std::optional<std::string> read = read_whole_file(source);
      if (!read) return "cannot read " + source;
      text = std::move(*read);
    }
    workspace().text(*found).set_text(text);
  }
  if (options.check_exercise) submit_check(shell);
  return "";
}

void ExercisePanel::close() {
  if (!index_) return;
  workspace().save_due(std::chrono::milliseconds(0));
  index_.reset();
}

void ExercisePanel::submit_check(Shell shell) {
  const ex::Exercise* exercise = current();
  if (exercise == nullptr) return;
  workspace().save_due(std::chrono::milliseconds(0));  // what is checked is on disk too
  LessonRunner::Request request;
  request.chapter = shell.course.current_chapter();
  request.step = shell.course.current_step();
  request.exercise = exercise->id;
  request.source = workspace().text(*exercise).text();
  checking_ = {exercise->id, shell.runner.submit(std::move(request))};
  shell.console.add(ConsoleLog::Kind::info, "Checking " + exercise->id + "…");
}

bool ExercisePanel::take_outcome(LessonRunner::Outcome& outcome, Shell shell) {
  const std::string id = ex::exercise_of_check_run(outcome.run);
  if (id.empty()) return false;
  if (checking_ && checking_->second == outcome.id) checking_.reset();
  worker::CheckOutcome checked = worker::outcome_of_check(outcome.run, id);
  ex::Verdict& verdict = checked.verdict;
  if (verdict.device.empty() && shell.device) verdict.device = shell.device->name;
  workspace().record_verdict(id, verdict);
  // Which sandbox checks run in (app/sandbox/sandbox.h): said once, by the first check.
  if (!sandbox_said_ && !checked.sandbox.empty()) {
    shell.console.add(ConsoleLog::Kind::info, checked.sandbox);
    sandbox_said_ = true;
  }
  shell.console.add(verdict.passed() ? ConsoleLog::Kind::success : ConsoleLog::Kind::warning, id + ": " + lessons::said(verdict.headline));
  verdicts_[id] = std::move(verdict);
  return true;
}

void ExercisePanel::draw_text(Shell shell, const widgets::Style& style) {
  const ex::Exercise& exercise = *current();
  ImGui::BeginChild("##exercise_text", ImVec2(0, 0), false);
  if (shell.navigation.take_scroll_text_to_top()) ImGui::SetScrollY(0.f);
  const widgets::Style& look = style;
  ImGui::PushFont(style.fonts.heading2);
  ImGui::PushStyleColor(ImGuiCol_Text, style.colours.accent);
  ImGui::TextWrapped(tr("Exercise · %s"), exercise.title_in(exercise_language()).c_str());
  ImGui::PopStyleColor();
  ImGui::PopFont();
  // The statement without its hints: they are shown one at a time, on request.
  std::string statement(exercise.statement(exercise_language()));
  for (const char* hint_heading : {"\n### Hint", "\n### 提示"})
    if (const auto hints_at = statement.find(hint_heading); hints_at != std::string::npos) statement.resize(hints_at);
  if (const auto title_end = statement.find('\n'); statement.starts_with("# ") && title_end != std::string::npos)
    statement.erase(0, title_end + 1);
  widgets::draw_markdown(markdown::parse(statement), look);
  ImGui::Spacing();
  ImGui::PushFont(style.fonts.mono);
  ImGui::TextWrapped("%s", exercise.signature().c_str());
  ImGui::PopFont();
  const std::vector<std::string> hints = exercise.hints(exercise_language());
  const int shown = std::min(workspace().progress(exercise.id).hints_shown, static_cast<int>(hints.size()));
  for (int i = 0; i < shown; ++i) {
    ImGui::Spacing();
    ImGui::PushFont(style.fonts.bold);
    ImGui::Text(tr("Hint %d"), i + 1);
    ImGui::PopFont();
    widgets::draw_markdown(markdown::parse(hints[static_cast<std::size_t>(i)]), look);
  }
  ImGui::EndChild();
}

void ExercisePanel::draw_controls(Shell shell, const widgets::Style& style) {
  const ex::Exercise& exercise = *current();
  const float em = style.fonts.regular->FontSize;
  const bool busy = checking_.has_value();
  ImGui::BeginDisabled(busy || shell.backend_opening);
  if (ImGui::Button(busy ? tr("Checking…") : tr("Check  (Ctrl+Enter)"), ImVec2(std::max(em * 10.f, ImGui::GetContentRegionAvail().x), em * 2.f)))
    submit_check(shell);
  ImGui::EndDisabled();
  const std::vector<std::string> hints = exercise.hints(exercise_language());
  const int shown = workspace().progress(exercise.id).hints_shown;
  ImGui::BeginDisabled(shown >= static_cast<int>(hints.size()));
  const std::string hint_label = shown >= static_cast<int>(hints.size())
                                     ? fmt::format(fmt::runtime(tr("All {} hints shown")), hints.size())
                                     : fmt::format(fmt::runtime(tr("Show hint {} of {}")), shown + 1, hints.size());
  if (ImGui::Button(hint_label.c_str())) workspace().show_next_hint(exercise);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button(tr("Reset to starter…"))) ImGui::OpenPopup("##reset_exercise");
  if (ImGui::BeginPopup("##reset_exercise")) {
    ImGui::TextWrapped("%s", tr("Replace your kernel with the starter? (Ctrl+Z in the editor brings yours back.)"));
    if (ImGui::Button(tr("Replace"))) {
      workspace().reset_to_starter(exercise);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button(tr("Keep mine"))) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
  const ExerciseProgress& progress = workspace().progress(exercise.id);
  ImGui::Spacing();
  if (progress.passed) {
    ImGui::PushStyleColor(ImGuiCol_Text, style.colours.success);
    ImGui::TextWrapped("✓ Passed (%d check%s)", progress.attempts, progress.attempts == 1 ? "" : "s");
    ImGui::PopStyleColor();
  } else if (progress.attempts > 0) {
    ImGui::TextDisabled("%d check%s so far; last: %s", progress.attempts, progress.attempts == 1 ? "" : "s",
                        progress.last_verdict.c_str());
  }
  ImGui::TextDisabled(tr("Your file: %s"), (workspace().folder() / (exercise.id + ".cu")).string().c_str());
  if (!workspace().problem().empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, style.colours.warning);
    ImGui::TextWrapped("%s", workspace().problem().c_str());
    ImGui::PopStyleColor();
  }
  if (ImGui::Button(tr("Back to the chapter"))) close();
}

void ExercisePanel::draw_verdict(const ex::Verdict& verdict, const widgets::Style& style) {
  const float em = style.fonts.regular->FontSize;
  // The verdict's words came from the worker as messages, said here in the current language.
  widgets::draw_banner(lessons::said(verdict.headline), verdict.passed() ? style.colours.success : style.colours.error);
  for (const lessons::Message& line : verdict.details) ImGui::TextWrapped("%s", lessons::said(line).c_str());
  // Compiler messages of lines not in the student's file (rare): listed, since no gutter shows them.
  for (const JitDiagnostic& d : verdict.diagnostics)
    if (!d.file.ends_with("student.cu") && d.error) ImGui::TextWrapped("%s:%d: %s", d.file.c_str(), d.line, d.message.c_str());
  if (verdict.picture && verdict.picture->width > 0) {
    const ex::CellPicture& picture = *verdict.picture;
    ImGui::TextDisabled(tr("%s: green right, red wrong, grey never written"), picture.param.c_str());
    const float avail = ImGui::GetContentRegionAvail().x;
    const float cell = std::clamp(avail / static_cast<float>(picture.width), em * 0.25f, em * 0.9f);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const int rows = std::min(picture.height, 64);
    for (int row = 0; row < rows; ++row)
      for (int col = 0; col < picture.width; ++col) {
        const std::size_t at = static_cast<std::size_t>(row) * static_cast<std::size_t>(picture.width) + static_cast<std::size_t>(col);
        if (at >= picture.cells.size()) break;
        const ImU32 fill = picture.cells[at] == 0 ? style.colours.success : picture.cells[at] == 1 ? style.colours.error : style.colours.grid_line;
        const ImVec2 a(origin.x + col * cell, origin.y + row * cell);
        draw->AddRectFilled(a, ImVec2(a.x + cell - 1.f, a.y + cell - 1.f), fill);
      }
    ImGui::Dummy(ImVec2(cell * static_cast<float>(picture.width), cell * static_cast<float>(rows)));
  }
  ImGui::TextDisabled(tr("%s · compiled in %.2f s · ran in %.2f s"), i18n::tr_text(verdict.device).c_str(), verdict.compile_seconds,
                      verdict.run_seconds);
  if (!verdict.printed.empty()) {
    ImGui::Spacing();
    ImGui::TextDisabled("%s", tr(ex::printed_heading(verdict)));
    ImGui::PushFont(style.fonts.mono);
    ImGui::TextUnformatted(verdict.printed.c_str());
    ImGui::PopFont();
  }
}

void ExercisePanel::draw_editor(Shell shell, const widgets::Style& style) {
  const ex::Exercise& exercise = *current();
  widgets::CodeText& text = workspace().text(exercise);
  const auto found = verdicts_.find(exercise.id);
  const ex::Verdict* verdict = found != verdicts_.end() ? &found->second : nullptr;
  std::vector<widgets::CodeDiagnostic> marks;
  if (verdict != nullptr)
    for (const JitDiagnostic& d : verdict->diagnostics)
      if (d.file.ends_with("student.cu") && d.line > 0)
        marks.push_back({d.line, d.column, d.error ? widgets::DiagnosticSeverity::error : widgets::DiagnosticSeverity::warning, d.message});
  const float avail = ImGui::GetContentRegionAvail().y;
  const float verdict_height = verdict != nullptr ? std::min(avail * 0.45f, style.fonts.regular->FontSize * 16.f) : 0.f;
  const widgets::Style& look = style;
  widgets::CodeEditorOptions options;
  options.style = &look;
  options.diagnostics = marks;
  options.size = ImVec2(0.f, avail - verdict_height);
  widgets::CodeEditorEvents events;
  widgets::draw_code_editor("##exercise_editor", text, options, &events);
  if (events.compile_requested && !checking_) submit_check(shell);
  editor_animating_ = events.animating;
  workspace().save_due();
  if (verdict != nullptr) {
    ImGui::BeginChild("##verdict", ImVec2(0.f, 0.f), false);
    draw_verdict(*verdict, style);
    ImGui::EndChild();
  }
}

void ExercisePanel::draw_entries(int chapter, Shell shell, const widgets::Style& style) {
  const float em = style.fonts.regular->FontSize;
  const std::vector<int> indices = exercises_of_chapter(shell.course, chapter);
  if (indices.empty()) return;
  ImGui::Indent(em * 0.6f);
  ImGui::PushStyleColor(ImGuiCol_Text, style.colours.dim_text);
  ImGui::PushFont(style.fonts.bold);
  ImGui::TextUnformatted(tr("Exercises"));
  ImGui::PopFont();
  ImGui::PopStyleColor();
  ImGui::Unindent(em * 0.6f);
  for (const int index : indices) {
    const ex::Exercise& exercise = ex::all_exercises()[static_cast<std::size_t>(index)];
    const ExerciseProgress& progress = workspace().progress(exercise.id);
    // ✓ passed, • tried; the title's start is what the list has room for (the tooltip has it all).
    const std::string mark = progress.passed ? "✓ " : progress.attempts > 0 ? "• " : "    ";
    const std::string title = exercise.title_in(exercise_language());
    const std::string label = mark + title;
    ImGui::PushID(index);
    ImGui::Indent(em * 0.6f);
    const bool here = index_ && *index_ == index;
    ImGui::PushStyleColor(ImGuiCol_Text, progress.passed ? style.colours.success : here ? style.colours.text : style.colours.dim_text);
    const std::string shown = widgets::fit_text(label, ImGui::GetContentRegionAvail().x);
    if (ImGui::Selectable((shown + "##exercise").c_str(), here)) open(index, shell);
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s%s", title.c_str(),
                        progress.passed ? " — passed" : progress.attempts > 0 ? " — tried, not passed yet" : " — not tried yet");
    ImGui::Unindent(em * 0.6f);
    ImGui::PopID();
  }
}

}  // namespace cudalab::app
