#include "widgets/text_fit.h"

#include <imgui.h>

#include "widgets/line_break.h"

namespace cudalab::app::widgets {

namespace {

float width_of(std::string_view text) { return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x; }

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

}  // namespace

std::string fit_text(std::string_view text, float max_width) {
  if (width_of(text) <= max_width) return std::string(text);
  const float budget = max_width - width_of("…");
  std::size_t low = 0, high = text.size();  // the longest prefix that fits lies in [low, high]
  while (low < high) {
    const std::size_t middle = (low + high + 1) / 2;
    if (width_of(text.substr(0, middle)) <= budget) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  while (low > 0 && low < text.size() && is_continuation_byte(text[low])) --low;
  // A whole word when one ends late enough: "2. Threads, blocks…" reads better than "2. Threads, bl…".
  if (low < text.size() && text[low] != ' ') {
    const std::size_t space = text.substr(0, low).rfind(' ');
    if (space != std::string_view::npos && space * 3 >= low * 2) low = space;
  }
  std::string fitted(text.substr(0, low));
  while (!fitted.empty() && fitted.back() == ' ') fitted.pop_back();
  return fitted + "…";
}

bool every_word_fits(std::string_view text, float max_width) {
  while (!text.empty()) {
    const std::size_t at = text.find_first_of(" -");
    const std::size_t end = at == std::string_view::npos ? text.size() : text[at] == '-' ? at + 1 : at;
    if (width_of(text.substr(0, end)) > max_width) return false;
    text.remove_prefix(at == std::string_view::npos ? text.size() : at + 1);
  }
  return true;
}

std::vector<std::string> wrap_lines(std::string_view text, float max_width, int max_lines, bool* cut) {
  std::vector<std::string> lines;
  if (cut != nullptr) *cut = false;
  while (!text.empty() && static_cast<int>(lines.size()) < max_lines - 1) {
    if (width_of(text) <= max_width) break;
    // The longest run of whole words that fits, broken at a space or after a hyphen
    // ("Shared-|memory"); none fits: stop and let the last line cut it.
    // Chinese titles have no spaces: they break between characters, by line_break.h's rules.
    std::size_t end = 0, next = 0;
    const std::vector<bool> cjk_break = break_opportunities(text);
    for (std::size_t at = 1; at < text.size(); ++at) {
      const bool space = text[at] == ' ';
      if (!space && text[at - 1] != '-' && !cjk_break[at]) continue;
      if (width_of(text.substr(0, at)) > max_width) break;
      end = at;
      next = space ? at + 1 : at;
    }
    if (end == 0) break;
    lines.emplace_back(text.substr(0, end));
    text.remove_prefix(next);
  }
  if (!text.empty() || lines.empty()) {
    std::string last = fit_text(text, max_width);
    if (cut != nullptr) *cut = last != text;
    lines.push_back(std::move(last));
  }
  return lines;
}

bool text_fitted(std::string_view text, float max_width) {
  const std::string fitted = fit_text(text, max_width);
  ImGui::TextUnformatted(fitted.c_str());
  return fitted.size() != text.size() || fitted != text;
}

}  // namespace cudalab::app::widgets
