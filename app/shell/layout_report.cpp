#include "shell/layout_report.h"

#include <utility>

#include <nlohmann/json.hpp>

namespace cudalab::app {

std::string LayoutReport::json(bool audience, float em, bool chapters_collapsed) const {
  const ShellLayout& layout = audience ? audience_ : main_;
  nlohmann::json panes = nlohmann::json::object();
  const std::pair<const char*, const PanelRect*> named[] = {
      {"top_bar", &layout.top_bar}, {"chapters", &layout.chapters}, {"text", &layout.text},
      {"controls", &layout.controls}, {"canvas", &layout.canvas},   {"bottom", &layout.bottom},
      {"status_bar", &layout.status_bar}, {"strip", &layout.strip}, {"notes", &layout.notes}};
  for (const auto& [name, rect] : named) {
    if (rect->shown()) panes[name] = {rect->position.x, rect->position.y, rect->size.x, rect->size.y};
  }
  return nlohmann::json{{"mode", to_string(layout.mode)},
                        {"em", em},
                        {"chapters_collapsed", chapters_collapsed},
                        {"chapter_titles_cut", titles_cut_},
                        {"chapter_words_too_wide", words_too_wide_},
                        {"panes", panes}}
      .dump(1);
}

}  // namespace cudalab::app
