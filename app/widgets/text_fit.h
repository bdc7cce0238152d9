#pragma once
// Text that must fit a width (a chapter title in a narrow column, the breadcrumb in the top bar):
// cut at a character boundary and ended with "…". The caller shows the whole text in a tooltip.
#include <string>
#include <string_view>
#include <vector>

namespace cudalab::app::widgets {

// `text` cut so that it plus "…" is at most `max_width` pixels in the current font (unchanged
// when it fits). Cuts after a whole word when one ends in the last third of what fits (a single
// long word is cut inside). Never splits a UTF-8 sequence.
std::string fit_text(std::string_view text, float max_width);
// `text` broken at spaces (and after hyphens) into at most `max_lines` lines of `max_width`; the last line is
// fit_text()-cut when the text needs more. *cut (when given) says whether it was.
// Whether each word of `text` (split at spaces and after hyphens) fits `max_width` on its own:
// when one does not, a cut is the width's fault, not the wrapping's.
bool every_word_fits(std::string_view text, float max_width);
std::vector<std::string> wrap_lines(std::string_view text, float max_width, int max_lines, bool* cut = nullptr);
// Draws fit_text(); returns true when it had to cut (show the whole text on hover).
bool text_fitted(std::string_view text, float max_width);

}  // namespace cudalab::app::widgets
