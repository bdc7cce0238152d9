// Opening the CUDA toolkit's libraries at run time, and hiding them (CUDALAB_HIDE_CUDA_LIBRARIES):
// the switch that lets a machine with the toolkit test what a laptop without it says.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "cudalab/toolkit_library.h"

using namespace cudalab;

namespace {

// Sets the switch for one scope, as it was before afterwards.
class HiddenFor {
 public:
  explicit HiddenFor(const char* value) {
    if (const char* before = std::getenv("CUDALAB_HIDE_CUDA_LIBRARIES"); before != nullptr) {
      before_ = before;
      had_ = true;
    }
    if (value != nullptr) {
      setenv("CUDALAB_HIDE_CUDA_LIBRARIES", value, 1);
    } else {
      unsetenv("CUDALAB_HIDE_CUDA_LIBRARIES");
    }
  }
  ~HiddenFor() {
    if (had_) {
      setenv("CUDALAB_HIDE_CUDA_LIBRARIES", before_.c_str(), 1);
    } else {
      unsetenv("CUDALAB_HIDE_CUDA_LIBRARIES");
    }
  }

 private:
  std::string before_;
  bool had_ = false;
};

}  // namespace

TEST(ToolkitLibrary, AMissingLibrarySaysWhereItLooked) {
  const HiddenFor shown(nullptr);
  const ToolkitLibrary none = open_toolkit_library({"libcudalab-no-such-library.so.1"});
  EXPECT_EQ(none.handle, nullptr);
  EXPECT_TRUE(none.path.empty());
  const std::string usual = "/usr/local/cuda/lib64/libcudalab-no-such-library.so.1";
  const std::size_t at = none.tried.find(usual);
  EXPECT_NE(at, std::string::npos) << none.tried;
  EXPECT_EQ(none.tried.find(usual, at + 1), std::string::npos) << "each folder once: " << none.tried;
}

TEST(ToolkitLibrary, HiddenLibrariesAreMissingWithTheSameWords) {
  // libc is on every machine: what the loader finds when nothing hides it.
  {
    const HiddenFor shown("0");
    EXPECT_FALSE(toolkit_libraries_hidden());
    const ToolkitLibrary libc = open_toolkit_library({"libc.so.6"});
    ASSERT_NE(libc.handle, nullptr);
    EXPECT_EQ(libc.path, "libc.so.6");
  }
  const HiddenFor hidden("1");
  EXPECT_TRUE(toolkit_libraries_hidden());
  const ToolkitLibrary libc = open_toolkit_library({"libc.so.6"});
  EXPECT_EQ(libc.handle, nullptr);
  EXPECT_TRUE(libc.path.empty());
  EXPECT_EQ(libc.tried.rfind("libc.so.6, ", 0), 0u) << "the same list a machine without it gives: " << libc.tried;
  EXPECT_NE(libc.tried.find("/usr/local/cuda/lib64/libc.so.6"), std::string::npos) << libc.tried;
}
