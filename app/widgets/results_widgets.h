#pragma once
// The plain result views: tables (ImGui tables, numbers right-aligned) and facts in large type.
#include "views.h"
#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

void draw_table(const lessons::TableView& view, const Style& style);
// Facts as cards: the name small above, the value large. `large` uses the big font (canvas).
void draw_facts(const lessons::FactsView& view, const Style& style, bool large);

}  // namespace cudalab::app::widgets
