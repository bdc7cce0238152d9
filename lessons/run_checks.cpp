#include "run_checks.h"

#include <exception>
#include <new>

#include <fmt/format.h>

#include "cudalab/message_format.h"

namespace cudalab::lessons {

Status check_run_for_step(const Lesson& lesson, const Run& run) {
  if (run.lesson != lesson.id())
    return Status::error(StatusCode::invalid_argument, message("it is a run of chapter \"{}\", not of \"{}\"",
                                                               as_is(run.lesson), as_is(lesson.id())));
  const std::vector<Step> steps = lesson.steps();
  if (run.step < 0 || run.step >= static_cast<int>(steps.size()))
    return Status::error(StatusCode::invalid_argument, message("it is a run of step {} of \"{}\", which has {} steps",
                                                               run.step + 1, as_is(run.lesson), steps.size()));
  const Step& step = steps[static_cast<std::size_t>(run.step)];
  ParamValues values = defaults(step);
  for (const auto& [name, value] : run.parameters) {
    if (Status s = apply_assignment(step, name + "=" + value, &values); !s.ok())
      return Status::error(StatusCode::invalid_argument,
                           message("its parameters are not this step's: {}", s.words_or_text()));
  }
  return Status::success();
}

Status views_of(const Lesson& lesson, int step, const Run& run, std::vector<View>* views) {
  views->clear();
  // The run's own words (its timing labels, the texts in its results) are said as the messages that
  // made them.
  const text::KnownMessages known(run.messages);
  try {
    *views = lesson.views(step, run);
    return Status::success();
  } catch (const std::bad_alloc&) {
    views->clear();
    return Status::error(StatusCode::out_of_memory, message("its pictures would not fit in memory"));
  } catch (const std::exception& error) {
    views->clear();
    return Status::error(StatusCode::invalid_argument,
                         message("its pictures could not be made: {}", as_is(error.what())));
  }
}

}  // namespace cudalab::lessons
