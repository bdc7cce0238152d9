#pragma once
// What every chapter's headless test needs: the device the build is for (the emulator with two
// workers, or with CUDALAB_LESSON_TEST_ON_GPU the GPU, skipped where there is none), a step run
// with `--set`-style assignments, and lookups into its views.
#include <gtest/gtest.h>

#include <cstddef>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "cudalab/device.h"
#include "lesson.h"

namespace cudalab::lessons::lesson_tests {

// Opens the device this test binary is built for. A helper, not a fixture: the kernel and stream
// tests need a device but no chapter. Its ASSERT and GTEST_SKIP mark the running test, which then
// does not run its body.
inline void open_test_device(std::unique_ptr<Device>* device) {
#if defined(CUDALAB_LESSON_TEST_ON_GPU)
  if (Status s = open_device(BackendRequest::gpu, device); !s.ok()) GTEST_SKIP() << s.message;
#else
  ASSERT_TRUE(open_device(BackendRequest::emulator, device, 0, 2).ok());
#endif
}

// The first view of type V (or the nth, counting from 0), or null.
template <class V>
const V* find_view(const std::vector<View>& views, std::size_t nth = 0) {
  for (const auto& v : views)
    if (const V* found = std::get_if<V>(&v); found && nth-- == 0) return found;
  return nullptr;
}

// Every view of type V, in order.
template <class V>
std::vector<const V*> find_views(const std::vector<View>& views) {
  std::vector<const V*> found;
  for (const auto& v : views)
    if (const V* one = std::get_if<V>(&v)) found.push_back(one);
  return found;
}

// A fact's value by its key; a missing key reads as a message, so a failed comparison says why.
inline std::string fact(const FactsView& facts, const std::string& key) {
  for (const auto& [k, v] : facts.facts)
    if (k == key) return v;
  return "(no fact '" + key + "')";
}

// A fixture for one chapter, named by its id: `struct HelloOnEmulator : ChapterTest {
// HelloOnEmulator() : ChapterTest("hello") {} };`.
class ChapterTest : public ::testing::Test {
 protected:
  explicit ChapterTest(std::string chapter) : chapter_(std::move(chapter)) {}

  void SetUp() override {
    lessons = make_lessons();
    open_test_device(&device);
  }

  // The step with its defaults and `sets` ("name=value", as `--set` takes them) applied; sets
  // `lesson` to the chapter.
  StepSelection select(int step, const std::vector<std::string>& sets = {}) {
    StepSelection selection;
    Status chosen = select_step(lessons, chapter_, step, sets, &selection);
    EXPECT_TRUE(chosen.ok()) << chosen.message;
    lesson = selection.lesson;
    return selection;
  }

  // Runs the step for real; `control` (optional) lets a test cancel or watch partial runs. Every
  // run, however it ends, leaves progress at 1.
  cudalab::Run run_step(int step, const std::vector<std::string>& sets = {}, RunControl* control = nullptr) {
    StepSelection selection = select(step, sets);
    RunControl own;
    RunControl& used = control ? *control : own;
    cudalab::Run run = selection.lesson->run(step, selection.values, *device, used);
    EXPECT_EQ(used.progress.load(), 1.f);
    return run;
  }

  std::vector<std::unique_ptr<Lesson>> lessons;
  Lesson* lesson = nullptr;  // the chapter, once a step was selected
  std::unique_ptr<Device> device;

 private:
  std::string chapter_;
};

}  // namespace cudalab::lessons::lesson_tests
