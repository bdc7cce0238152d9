#pragma once
// What every chapter's headless test needs: the device this run is for (the emulator with two
// workers, or with CUDALAB_LESSON_TEST_BACKEND=gpu the GPU, skipped where there is none), a step run
// with `--set`-style assignments, and lookups into its views.
//
// Each chapter's test is one binary that ctest runs twice (tests/CMakeLists.txt,
// cudalab_add_test(... BOTH_BACKENDS)): as itself on the emulator, and as `gpu.<test>` with
// CUDALAB_LESSON_TEST_BACKEND=gpu (label gpu). One build serves both: the GPU kernels are in the
// GPU backend library, chosen at run time.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "cudalab/device.h"
#include "lesson.h"

namespace cudalab::lessons::lesson_tests {

// True when this run is the GPU one (CUDALAB_LESSON_TEST_BACKEND=gpu).
inline bool lesson_test_on_gpu() {
  const char* backend = std::getenv("CUDALAB_LESSON_TEST_BACKEND");
  return backend && std::strcmp(backend, "gpu") == 0;
}

// Marks a test that says something only the emulator makes true (its order of threads, its
// missing hardware counters) as skipped in the GPU run.
#define CUDALAB_EMULATOR_ONLY(why) \
  if (::cudalab::lessons::lesson_tests::lesson_test_on_gpu()) GTEST_SKIP() << "emulator only: " << (why)

// Opens the device this run is for. A helper, not a fixture: the kernel and stream
// tests need a device but no chapter. Its ASSERT and GTEST_SKIP mark the running test, which then
// does not run its body.
inline void open_test_device(std::unique_ptr<Device>* device) {
  if (lesson_test_on_gpu()) {
    if (Status s = open_device(BackendRequest::gpu, device); !s.ok()) GTEST_SKIP() << s.message;
  } else {
    ASSERT_TRUE(open_device(BackendRequest::emulator, device, 0, 2).ok());
  }
}

// Sets an environment variable for one scope and puts back what was there: a test that must not
// read what this machine saved (a tuning file under $XDG_CACHE_HOME) points it somewhere empty.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ~ScopedEnv() {
    if (old_) ::setenv(name_, old_->c_str(), 1);
    else ::unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

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
