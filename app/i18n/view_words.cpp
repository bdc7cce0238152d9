#include "i18n/view_words.h"

#include <type_traits>

#include "i18n/language.h"

namespace cudalab::app::i18n {

namespace {

void localize(std::string* text) {
  if (!text->empty()) *text = tr(*text);
}

}  // namespace

std::vector<lessons::View> localized_views(const std::vector<lessons::View>& english) {
  std::vector<lessons::View> views = english;
  if (current_language() == Language::en) return views;
  for (lessons::View& view : views) {
    std::visit(
        [](auto& shown) {
          using T = std::decay_t<decltype(shown)>;
          localize(&shown.title);
          if constexpr (std::is_same_v<T, lessons::CellGridView>) {
            for (std::string& name : shown.legend) localize(&name);
          } else if constexpr (std::is_same_v<T, lessons::TimelineView>) {
            for (std::string& row : shown.rows) localize(&row);
          } else if constexpr (std::is_same_v<T, lessons::TableView>) {
            for (std::string& column : shown.columns) localize(&column);
          } else if constexpr (std::is_same_v<T, lessons::ChartView>) {
            localize(&shown.x_label);
            localize(&shown.y_label);
            for (auto& series : shown.series) localize(&series.name);
          } else if constexpr (std::is_same_v<T, lessons::FactsView>) {
            for (auto& [label, value] : shown.facts) localize(&label);
          }
        },
        view);
  }
  return views;
}

}  // namespace cudalab::app::i18n
