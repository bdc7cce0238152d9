#include "session/run_display.h"

#include <utility>

#include "i18n/view_words.h"
#include "run_checks.h"
#include "text/say.h"

namespace cudalab::app {

void RunDisplay::show(LessonRunner::Outcome&& outcome, std::optional<ShownRun>& slot) {
  const std::uint64_t version = shown_ ? shown_->version + 1 : 1;
  slot = ShownRun{outcome.chapter, outcome.step, std::move(outcome.run), std::move(outcome.views), version,
                  outcome.seconds, outcome.language};
}

void speak_language(ShownRun& shown, i18n::Language language,
                    const std::vector<std::unique_ptr<lessons::Lesson>>& chapters) {
  if (shown.views_language == language && shown.localized) return;
  if (shown.views_language != language && shown.chapter >= 0 && shown.chapter < static_cast<int>(chapters.size()) &&
      chapters[static_cast<std::size_t>(shown.chapter)]->id() == shown.run.lesson) {
    const lessons::SpeakIn speak(language);
    std::vector<lessons::View> views;
    // The same views the runner made (a partial run's too), in the other language; a failure keeps
    // the old ones, which the console already explained when they were first made.
    if (lessons::views_of(*chapters[static_cast<std::size_t>(shown.chapter)], shown.step, shown.run, &views).ok())
      shown.views = std::move(views);
  }
  shown.views = i18n::localized_views(shown.views, shown.run.messages);
  shown.views_language = language;
  shown.localized = true;
}

}  // namespace cudalab::app
