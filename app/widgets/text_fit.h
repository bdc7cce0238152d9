#pragma once
// Text that must fit a width (a chapter title in a narrow column, the breadcrumb in the top bar):
// cut at a character boundary and ended with "…". The caller shows the whole text in a tooltip.
#include <string>
#include <string_view>

namespace cudalab::app::widgets {

// `text` cut so that it plus "…" is at most `max_width` pixels in the current font (unchanged
// when it fits). Never splits a UTF-8 sequence.
std::string fit_text(std::string_view text, float max_width);
// Draws fit_text(); returns true when it had to cut (show the whole text on hover).
bool text_fitted(std::string_view text, float max_width);

}  // namespace cudalab::app::widgets
