#pragma once
// The Code tab of the bottom pane, a feature that owns its state: two views of the chapter's code
//   Kernels        the kernel file as a student writes it (CUDA Lab's plumbing hidden, line numbers
//                  kept); the current step's kernels highlighted and scrolled to when the step changes
//   Whole program  program.cu verbatim: main, cudaMalloc, <<<>>>, cudaGetLastError, cudaFree, the
//                  chapter's steps as one plain CUDA program, with a button that saves it to build
//                  with nvcc and one that runs it on the emulator, in the sandbox, showing what it
//                  prints (session/program_run.h)
// Files are read from the chapter's folder when first shown and kept for the session.
#include <array>
#include <filesystem>
#include <map>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "session/course.h"
#include "session/program_run.h"
#include "views.h"
#include "widgets/code_listing.h"
#include "widgets/widget_style.h"

namespace cudalab::app {

class CodePanel {
 public:
  explicit CodePanel(std::filesystem::path lessons_dir) : lessons_dir_(std::move(lessons_dir)) {}

  // Selects the Kernels tab (whole_program false) or the Whole program tab next frame.
  void request_tab(bool whole_program) { tab_request_ = whole_program ? 1 : 0; }
  // Runs the current chapter's program.cu on the emulator, as its button does.
  void run_program(const Course& course);
  bool program_running() const { return run_.running(); }
  // Why the last program run did not end with main returning 0, in words ("" when it did, or when
  // none was run): a screenshot of the run fails on it.
  std::string program_problem() const;
  // Draws the tab's contents for the course's current step. `shown_views` are the shown run's
  // views when that run is of the current chapter (a CodeView without text marks lines of the
  // kernel: the one that faulted, say), else nullptr.
  void draw(const Course& course, const std::vector<lessons::View>* shown_views, const widgets::Style& style);

 private:
  struct Listing {
    std::vector<widgets::CodeLine> lines;
    std::string problem;  // why there is no code to show, in words
    std::string text;     // the file as read (the whole program is saved from it)
  };
  enum class Kind { kernels, whole_program };
  // A file of the chapter's folder: the kernels (CUDA Lab's trace lines hidden) or the whole
  // program, verbatim.
  const Listing& listing(const ChapterOutline& chapter, const std::string& file, Kind kind);
  void draw_kernels(const Course& course, const std::vector<lessons::View>* shown_views, const widgets::Style& style);
  void draw_whole_program(const Course& course, const widgets::Style& style);
  void draw_program_run(const ChapterOutline& outline, int chapter);
  void start_program(const ChapterOutline& outline, int chapter);

  std::filesystem::path lessons_dir_;
  std::map<std::tuple<std::string, std::string, Kind>, Listing> listings_;  // by folder, file and kind
  int tab_request_ = -1;                    // -1: leave the selected tab as it is
  std::pair<int, int> scrolled_for_{-1, -1};  // (chapter, step) the Kernels view last scrolled for
  int save_path_chapter_ = -1;              // the chapter save_path_ was filled in for
  std::array<char, 1024> save_path_{};      // where "Save as .cu" writes the whole program
  std::string save_message_;                // what the last save did, in words
  ProgramRun run_;                          // the whole program on the emulator
  int run_chapter_ = -1;                    // the chapter whose program run_ ran (its output is shown there)
};

}  // namespace cudalab::app
