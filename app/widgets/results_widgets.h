#pragma once
// The plain result views: tables (ImGui tables, numbers right-aligned) and facts in large type.
#include "views.h"
#include "widgets/widget_style.h"

namespace cudalab::app::widgets {

void draw_table(const lessons::TableView& view, const Style& style);
// Facts as cards: the name small above, the value large. `large` uses the big font (canvas).
void draw_facts(const lessons::FactsView& view, const Style& style, bool large);
// The font a fact's value is drawn with (at the size of `large` ? fonts.large : fonts.heading3):
// that font where it has every glyph of `value`, else the regular font, which carries the CJK
// glyphs the large one is built without.
ImFont* facts_value_font(const Fonts& fonts, bool large, const std::string& value);

}  // namespace cudalab::app::widgets
