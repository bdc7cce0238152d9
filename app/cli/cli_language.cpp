#include "cli/cli_language.h"

#include "markdown/lesson_document.h"
#include "settings/settings_store.h"
#include "session/paths.h"

namespace cudalab::app {

i18n::Language choose_cli_language(const std::string& lang_option) {
  i18n::Language language = i18n::language_from_environment();
  if (const auto chosen = i18n::language_from_code(lang_option)) {
    language = *chosen;
  } else {
    SettingsStore settings(settings_file(), /*read_only=*/true);
    settings.load();  // a missing or unreadable file leaves the defaults: no language remembered
    if (const auto remembered = i18n::language_from_code(settings.current().language)) language = *remembered;
  }
  i18n::set_current_language(language);
  return language;
}

ChapterWords chapter_words(const std::string& folder, int step, const std::string& chapter_title, const std::string& step_title) {
  ChapterWords words{chapter_title, step_title};
  if (i18n::current_language() != i18n::Language::zh_cn) return words;
  const DataDir data = find_data_dir();
  if (!data.found()) return words;
  const markdown::LessonDocument doc = markdown::load_lesson_document(data.path / "lessons" / folder / "lesson.zh-CN.md");
  if (!doc.problem.empty()) return words;
  if (!doc.title.empty()) words.chapter = doc.title;
  if (const markdown::StepSection* section = doc.section_for(step); section != nullptr && !section->title.empty()) {
    words.step = section->title;
  }
  return words;
}

}  // namespace cudalab::app
