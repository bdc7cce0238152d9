#include "cli/every_step.h"

#include <chrono>

namespace cudalab::app {

void run_every_step(worker::StepHost& host, const DeviceFacts& facts,
                    const std::vector<std::unique_ptr<lessons::Lesson>>& lessons, const std::string& only_chapter,
                    const std::function<void(const StepRun&)>& each) {
  for (int chapter = 0; chapter < static_cast<int>(lessons.size()); ++chapter) {
    lessons::Lesson& lesson = *lessons[static_cast<std::size_t>(chapter)];
    if (!only_chapter.empty() && lesson.id() != only_chapter) continue;
    const std::vector<lessons::Step> outline = lesson.steps();
    for (int step = 0; step < static_cast<int>(outline.size()); ++step) {
      const lessons::Step& shape = outline[static_cast<std::size_t>(step)];
      const auto start = std::chrono::steady_clock::now();
      lessons::RunControl control;
      StepRun done{&lesson, step, shape.title, {}, 0};
      done.run = host.run(lesson, chapter, step, lessons::defaults(shape, !facts.is_gpu()), control,
                          worker::time_limit_of(lesson, step, 0));
      done.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      each(done);
    }
  }
}

}  // namespace cudalab::app
