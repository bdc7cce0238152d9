#include "i18n/view_words.h"

#include "i18n/language.h"
#include "i18n/text_patterns.h"

namespace cudalab::app::i18n {

std::vector<lessons::View> localized_views(const std::vector<lessons::View>& english) {
  std::vector<lessons::View> views = english;
  if (current_language() == Language::en) return views;
  for (lessons::View& view : views) {
    for_each_text(view, [](std::string& text) {
      if (!text.empty()) text = tr_text(text);
    });
  }
  return views;
}

}  // namespace cudalab::app::i18n
