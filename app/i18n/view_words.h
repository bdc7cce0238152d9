#pragma once
// The lessons' views in the current language. A lesson builds its views in the language it is asked
// to speak (lessons/text/say.h), but some text in them came from the Run, which is English data made
// in the worker or on a GPU machine (a status, a kernel's name in words, a recorded label). The Run
// carries that text's messages (run.h), and it is said by them; a run recorded before messages goes
// through tr_text() (the exact tables, then the compatibility patterns of text_patterns.h).
// Text already in Chinese passes unchanged. Code and numbers stay as they are.
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "cudalab/device_facts.h"
#include "cudalab/status.h"
#include "text/say.h"
#include "views.h"

namespace cudalab::app::i18n {

// Calls `visit(std::string&)` on every text of `view` a student reads: titles, labels, legends,
// cells and tooltips, frames, bars and markers, table columns and cells, chart categories, fact
// labels and values. Not a CodeView's source. The app translates these; the tests check them.
template <class Visit>
void for_each_text(lessons::View& view, Visit&& visit) {
  std::visit(
      [&](auto& shown) {
        using T = std::decay_t<decltype(shown)>;
        visit(shown.title);
        if constexpr (std::is_same_v<T, lessons::CellGridView>) {
          for (std::string& name : shown.legend) visit(name);
          for (auto& cell : shown.cells) {
            visit(cell.label);
            visit(cell.tooltip);
          }
          for (auto& frame : shown.frames) visit(frame.label);
        } else if constexpr (std::is_same_v<T, lessons::TimelineView>) {
          for (std::string& row : shown.rows) visit(row);
          for (auto& bar : shown.bars) {
            visit(bar.label);
            visit(bar.tooltip);
          }
          for (auto& [time, label] : shown.markers) visit(label);
        } else if constexpr (std::is_same_v<T, lessons::TableView>) {
          for (std::string& column : shown.columns) visit(column);
          for (auto& row : shown.rows)
            for (std::string& cell : row) visit(cell);
        } else if constexpr (std::is_same_v<T, lessons::ChartView>) {
          visit(shown.x_label);
          visit(shown.y_label);
          for (auto& series : shown.series) visit(series.name);
          for (std::string& category : shown.categories) visit(category);
        } else if constexpr (std::is_same_v<T, lessons::FactsView>) {
          for (auto& [label, value] : shown.facts) {
            visit(label);
            visit(value);
          }
        }
      },
      view);
}


// `views` with the English a Run carried in the current language: said where `run_messages` (the
// run's, run.h) made it, else through tr_text's tables (a run recorded before messages).
std::vector<lessons::View> localized_views(const std::vector<lessons::View>& views,
                                           const std::vector<Message>& run_messages);

// A message, and a device's label, in the current language.
std::string message_text(const Message& message);
std::string device_label(const DeviceFacts& facts);

// A Status in the current language: its words said, or (a status made before messages, a text from
// outside) its English through tr_text.
std::string status_text(const Status& status);
// describe() in the current language: "message (expression at file:line)".
std::string status_described(const Status& status);

}  // namespace cudalab::app::i18n
