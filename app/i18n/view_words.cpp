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

lessons::exercises::Verdict localized_verdict(const lessons::exercises::Verdict& english) {
  lessons::exercises::Verdict verdict = english;
  if (current_language() == Language::en) return verdict;
  verdict.headline = tr_text(verdict.headline);
  for (std::string& line : verdict.details) line = tr_text(line);
  for (auto& wrong : verdict.wrong) wrong.writer = tr_text(wrong.writer);
  return verdict;
}

}  // namespace cudalab::app::i18n
