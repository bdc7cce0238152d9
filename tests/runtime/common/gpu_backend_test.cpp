// The GPU backend is a library loaded at run time (cudalab/gpu_backend.h): found, refused in words
// when it is not one of this build's, and hidden on request. Each case loads in a fresh child
// process of its own (a "threadsafe" death test runs the program again), because a process looks
// for the backend once, and other tests in this program may have looked already.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "cudalab/device.h"
#include "cudalab/gpu_backend.h"

using namespace cudalab;

namespace {

// In the child: points the search at `path` ("none" hides it), loads, and prints what it found;
// exits 0 when a backend is in use, 3 when none is (the words go to stderr for the regex).
[[noreturn]] void load_and_say(const std::string& path) {
  if (path.empty()) unsetenv("CUDALAB_GPU_BACKEND");
  else setenv("CUDALAB_GPU_BACKEND", path.c_str(), 1);
  const GpuBackendState& state = gpu_backend_state();
  cudalab::Message why_none;
  const auto gpus = query_cuda_devices(&why_none);
  std::fprintf(stderr, "path=[%s] why_none=[%s] devices=%zu query_why=[%s]\n", state.path.c_str(),
               state.why_none.english().c_str(), gpus.size(), why_none.english().c_str());
  // With no backend, what a query says is the backend's reason, word for word.
  if (state.path.empty() && why_none != state.why_none) std::_Exit(4);
  std::_Exit(state.path.empty() ? 3 : 0);
}

class GpuBackend : public ::testing::Test {
 protected:
  void SetUp() override { ::testing::FLAGS_gtest_death_test_style = "threadsafe"; }
};

}  // namespace

TEST_F(GpuBackend, HiddenOnRequestWithTheSwitchNamed) {
  EXPECT_EXIT(load_and_say("none"), ::testing::ExitedWithCode(3),
              "why_none=\\[the GPU backend is turned off here \\(CUDALAB_GPU_BACKEND=none\\)\\]");
}

TEST_F(GpuBackend, AMissingFileIsNotInstalledWithWhereItLooked) {
  EXPECT_EXIT(load_and_say("/nonexistent/libcudalab-gpu.so"), ::testing::ExitedWithCode(3),
              "is not installed; looked for /nonexistent/libcudalab-gpu.so");
}

TEST_F(GpuBackend, AFileThatIsNoLibraryIsSaidNotToLoad) {
  const std::filesystem::path text = std::filesystem::temp_directory_path() / "cudalab-not-a-library.so";
  std::ofstream(text) << "not an ELF file\n";
  EXPECT_EXIT(load_and_say(text.string()), ::testing::ExitedWithCode(3), "could not be loaded: .*");
  std::filesystem::remove(text);
}

TEST_F(GpuBackend, ALibraryWithoutTheEntryIsNotABackend) {
  EXPECT_EXIT(load_and_say(CUDALAB_FAKE_BACKEND_WITHOUT_ENTRY), ::testing::ExitedWithCode(3),
              "is not a CUDA Lab GPU backend \\(it has no cudalab_gpu_backend\\)");
}

TEST_F(GpuBackend, ABackendBuiltFromOtherSourcesIsRefused) {
  EXPECT_EXIT(load_and_say(CUDALAB_FAKE_BACKEND_OTHER_BUILD), ::testing::ExitedWithCode(3),
              "was built from other sources than this cudalab \\(build 000000000000, this one [0-9a-f]{12}\\): "
              "build or install both again");
}

TEST_F(GpuBackend, ABackendOfAnotherLayoutIsRefusedUnread) {
  EXPECT_EXIT(load_and_say(CUDALAB_FAKE_BACKEND_OTHER_LAYOUT), ::testing::ExitedWithCode(3),
              "built from other sources than this cudalab \\(build of another layout");
}

// The real one: where this build made a backend (a CUDA toolkit was there), the search finds it
// and it loads — no symbol missing, its build id this executable's — on any machine, GPU or not.
TEST_F(GpuBackend, ThisBuildsBackendLoadsWhereItWasBuilt) {
  if (!CUDALAB_GPU_BACKEND_BUILT) GTEST_SKIP() << "this build has no GPU backend (no CUDA toolkit)";
  if (const char* hidden = std::getenv("CUDALAB_GPU_BACKEND"); hidden != nullptr && *hidden != '\0')
    GTEST_SKIP() << "the backend is hidden here (CUDALAB_GPU_BACKEND=" << hidden << ")";
  EXPECT_EXIT(load_and_say(""), ::testing::ExitedWithCode(0), "path=\\[.*libcudalab-gpu\\.so\\]");
}

// Without the CUDA toolkit there is no backend to look for, and the words say how to get one.
TEST_F(GpuBackend, ABuildWithoutTheToolkitSaysHowToGetOne) {
  if (CUDALAB_GPU_BACKEND_BUILT) GTEST_SKIP() << "this build made a GPU backend (a CUDA toolkit was there)";
  EXPECT_EXIT(load_and_say(""), ::testing::ExitedWithCode(3),
              "built without the CUDA toolkit, so it has no GPU backend: install the CUDA Toolkit 13");
}
