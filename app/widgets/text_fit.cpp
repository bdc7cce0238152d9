#include "widgets/text_fit.h"

#include <imgui.h>

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
  std::string fitted(text.substr(0, low));
  while (!fitted.empty() && fitted.back() == ' ') fitted.pop_back();
  return fitted + "…";
}

bool text_fitted(std::string_view text, float max_width) {
  const std::string fitted = fit_text(text, max_width);
  ImGui::TextUnformatted(fitted.c_str());
  return fitted.size() != text.size() || fitted != text;
}

}  // namespace cudalab::app::widgets
