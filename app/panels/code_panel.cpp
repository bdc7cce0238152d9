#include "panels/code_panel.h"

#include <fmt/format.h>
#include <imgui.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <variant>

#include "cudalab/files.h"
#include "i18n/language.h"
#include "i18n/view_words.h"
#include "session/standalone_program.h"

namespace cudalab::app {

using i18n::tr;

namespace {

// Where "Save as .cu" writes by default: the home folder, named after the chapter.
std::string default_save_path(const ChapterOutline& outline) {
  const char* home = std::getenv("HOME");
  const std::filesystem::path folder = home != nullptr && *home != '\0' ? home : ".";
  return (folder / (outline.folder + ".cu")).string();
}

std::string joined(const std::vector<std::string>& names) {
  std::string text;
  for (const std::string& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

}  // namespace

const CodePanel::Listing& CodePanel::listing(const ChapterOutline& chapter, const std::string& file_name, Kind kind) {
  const auto key = std::make_tuple(chapter.folder, file_name, kind);
  if (auto found = listings_.find(key); found != listings_.end()) return found->second;
  Listing& slot = listings_[key];
  const bool whole = kind == Kind::whole_program;
  if (file_name.empty()) {
    slot.problem =
        whole ? i18n::tr("This chapter has no whole program of its own.") : "This chapter has no kernel of its own.";
    return slot;
  }
  const auto file = lessons_dir_ / chapter.folder / file_name;
  std::optional<std::string> text = read_whole_file(file);
  if (!text) {
    slot.problem = (whole ? "The whole program " : "The kernel source ") + file.string() + " was not found.";
    return slot;
  }
  slot.text = std::move(*text);
  // The whole program verbatim: it hides nothing.
  slot.lines = whole ? widgets::code_lines(slot.text) : widgets::visible_code_lines(slot.text);
  return slot;
}

void CodePanel::draw(const Course& course, const std::vector<lessons::View>* shown_views, const widgets::Style& style) {
  if (course.chapter_count() == 0) return;
  if (ImGui::BeginTabBar("##code_tabs")) {
    const auto flags_for = [&](int tab) {
      return tab_request_ == tab ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
    };
    if (ImGui::BeginTabItem(tr("Kernels"), nullptr, flags_for(0))) {
      draw_kernels(course, shown_views, style);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem(tr("Whole program"), nullptr, flags_for(1))) {
      draw_whole_program(course, style);
      ImGui::EndTabItem();
    }
    tab_request_ = -1;
    ImGui::EndTabBar();
  }
}

void CodePanel::draw_kernels(const Course& course, const std::vector<lessons::View>* shown_views,
                             const widgets::Style& style) {
  const ChapterOutline& outline = course.current();
  const lessons::Step* step = course.current_step_outline();
  const std::string& file = step != nullptr && !step->kernel_file.empty() ? step->kernel_file : outline.kernel_file;
  const Listing& source = listing(outline, file, Kind::kernels);
  if (!source.problem.empty()) {
    ImGui::TextDisabled("%s", source.problem.c_str());
    return;
  }
  // The step's kernels: highlighted from signature to closing brace, the first one scrolled to.
  std::vector<int> highlight;
  int first_kernel_line = 0;
  if (step != nullptr) {
    for (const std::string& kernel : step->kernels) {
      const std::vector<int> numbers = widgets::kernel_line_numbers(source.lines, kernel);
      if (first_kernel_line == 0 && !numbers.empty()) first_kernel_line = numbers.front();
      highlight.insert(highlight.end(), numbers.begin(), numbers.end());
    }
  }
  if (step != nullptr && !step->kernels.empty()) {
    ImGui::TextDisabled("lessons/%s/%s — as you would write it; this step launches %s", outline.folder.c_str(),
                        file.c_str(), joined(step->kernels).c_str());
  } else {
    ImGui::TextDisabled("lessons/%s/%s — as you would write it (CUDA Lab's trace lines are hidden)",
                        outline.folder.c_str(), file.c_str());
  }
  if (shown_views != nullptr) {
    for (const lessons::View& view : *shown_views) {
      if (const auto* code = std::get_if<lessons::CodeView>(&view); code != nullptr && code->text.empty()) {
        highlight.insert(highlight.end(), code->highlight.begin(), code->highlight.end());
      }
    }
  }
  // Scroll once per step shown, so the student can scroll away and stay there.
  const std::pair<int, int> position{course.current_chapter(), course.current_step()};
  const int scroll_to = position != scrolled_for_ ? first_kernel_line : 0;
  scrolled_for_ = position;
  ImGui::BeginChild("##code", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  widgets::draw_code_listing(source.lines, highlight, style, scroll_to);
  ImGui::EndChild();
}

void CodePanel::draw_whole_program(const Course& course, const widgets::Style& style) {
  const int chapter = course.current_chapter();
  const ChapterOutline& outline = course.current();
  const Listing& program = listing(outline, outline.program_file, Kind::whole_program);
  if (!program.problem.empty()) {
    ImGui::TextDisabled("%s", program.problem.c_str());
    return;
  }
  if (save_path_chapter_ != chapter) {
    save_path_chapter_ = chapter;
    const std::string path = default_save_path(outline);
    save_path_.fill('\0');
    path.copy(save_path_.data(), save_path_.size() - 1);
    save_message_.clear();
  }
  ImGui::TextDisabled("lessons/%s/%s — the whole program in plain CUDA: nvcc %s -o %s", outline.folder.c_str(),
                      outline.program_file.c_str(), outline.program_file.c_str(), outline.id.c_str());
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 28.f);
  ImGui::InputText("##save_path", save_path_.data(), save_path_.size());
  ImGui::SameLine();
  if (ImGui::Button(tr("Save as .cu"))) {
    const std::string path = save_path_.data();
    if (path.empty()) {
      save_message_ = tr("Type a file name first.");
    } else {
      // One file that builds where it is saved: the chapter's headers it includes written in.
      const StandaloneProgram standalone = standalone_program(lessons_dir_ / outline.folder / outline.program_file);
      errno = 0;
      std::ofstream out;
      if (standalone.problem.empty()) {
        out.open(path, std::ios::binary | std::ios::trunc);
        out << standalone.text;
        out.flush();
      }
      if (!standalone.problem.empty()) {
        save_message_ = "Not saved: " + standalone.problem;
      } else if (!out) {
        save_message_ = "Could not write " + path + (errno != 0 ? std::string(": ") + std::strerror(errno) : "");
      } else {
        save_message_ = "Saved " + path + ". Build it with: nvcc " + path;
        if (!standalone.written_in.empty())
          save_message_ += " (" + std::to_string(standalone.written_in.size()) + " headers of the chapter written in)";
      }
    }
  }
  if (!save_message_.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", save_message_.c_str());
  }
  draw_program_run(outline, chapter);
  ImGui::BeginChild("##program", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  widgets::draw_code_listing(program.lines, {}, style);
  ImGui::EndChild();
}

std::string CodePanel::program_problem() const {
  if (run_chapter_ < 0) return "";
  const ProgramRun::Snapshot run = run_.snapshot();
  if (run.running) return "";
  if (!run.status.ok()) return i18n::status_text(run.status);
  if (!run.exit_code) return "the program did not finish";
  return *run.exit_code == 0 ? "" : fmt::format("main returned {}", *run.exit_code);
}

void CodePanel::run_program(const Course& course) {
  if (course.chapter_count() > 0) start_program(course.current(), course.current_chapter());
}

void CodePanel::start_program(const ChapterOutline& outline, int chapter) {
  worker::ask::Exec program;
  std::string why;
  run_chapter_ = chapter;
  if (read_program(lessons_dir_ / outline.folder / outline.program_file, &program, &why)) run_.start(std::move(program));
}

// "Run on the emulator": the program's main, its kernels and its printf, in a sandboxed worker;
// what it prints below the button while it runs.
void CodePanel::draw_program_run(const ChapterOutline& outline, int chapter) {
  const ProgramRun::Snapshot run = run_.snapshot();
  if (run.running) {
    if (ImGui::Button(tr("Stop the program"))) run_.stop();
  } else if (ImGui::Button(tr("Run on the emulator"))) {
    start_program(outline, chapter);
  }
  if (run_chapter_ != chapter) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", tr("main(), its kernels and printf on the CPU emulator, as `cudalab exec` runs them"));
    return;
  }
  ImGui::SameLine();
  if (run.running) {
    ImGui::TextDisabled("%s", tr("running on the CPU emulator… (times are the CPU's, not a GPU's)"));
  } else if (!run.status.ok()) {
    ImGui::TextWrapped("%s", i18n::status_text(run.status).c_str());
  } else if (run.exit_code) {
    ImGui::TextDisabled("%s", fmt::format(fmt::runtime(tr("main returned {} · CPU emulator: times are the CPU's")),
                                          *run.exit_code).c_str());
  }
  const std::string& shown = run.output.empty() ? run.compiler_log : run.output;
  if (shown.empty()) return;
  // Half the tab while there is output: the listing stays below, scrollable.
  const float lines = ImGui::GetTextLineHeightWithSpacing();
  ImGui::BeginChild("##program_output", ImVec2(0, std::max(ImGui::GetContentRegionAvail().y * 0.55f, 4.f * lines)), true,
                    ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::TextUnformatted(shown.data(), shown.data() + shown.size());
  if (run.running) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

}  // namespace cudalab::app
