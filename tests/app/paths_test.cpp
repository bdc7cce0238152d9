// Where the data folder and the settings come from: relative to the executable, overridable.
#include <gtest/gtest.h>

#include <filesystem>

#include <unistd.h>

#include "session/paths.h"

namespace fs = std::filesystem;
using cudalab::app::config_dir;
using cudalab::app::find_data_dir;

namespace {

struct TemporaryTree {
  fs::path root = fs::temp_directory_path() / ("cudalab_paths_" + std::to_string(::getpid()));
  TemporaryTree() {
    fs::remove_all(root);
    fs::create_directories(root / "prefix" / "bin");
    fs::create_directories(root / "prefix" / "share" / "cudalab" / "shaders");
    fs::create_directories(root / "custom");
  }
  ~TemporaryTree() { fs::remove_all(root); }
};

}  // namespace

TEST(DataDir, FoundBesideTheExecutable) {
  TemporaryTree tree;
  const auto dir = find_data_dir(nullptr, tree.root / "prefix" / "bin");
  EXPECT_TRUE(dir.found()) << dir.problem;
  EXPECT_EQ(dir.path, (tree.root / "prefix" / "share" / "cudalab").lexically_normal());
  EXPECT_EQ(dir.source, "next to the executable");
}

TEST(DataDir, EnvironmentOverrides) {
  TemporaryTree tree;
  const std::string custom = (tree.root / "custom").string();
  const auto dir = find_data_dir(custom.c_str(), tree.root / "prefix" / "bin");
  EXPECT_TRUE(dir.found()) << dir.problem;
  EXPECT_EQ(dir.path, tree.root / "custom");
  EXPECT_EQ(dir.source, "CUDALAB_DATA_DIR");
}

TEST(DataDir, EmptyEnvironmentValueIsIgnored) {
  TemporaryTree tree;
  const auto dir = find_data_dir("", tree.root / "prefix" / "bin");
  EXPECT_EQ(dir.source, "next to the executable");
  EXPECT_TRUE(dir.found());
}

TEST(DataDir, MissingFoldersAreNamed) {
  TemporaryTree tree;
  const auto from_env = find_data_dir("/nonexistent/cudalab-data", tree.root / "prefix" / "bin");
  EXPECT_FALSE(from_env.found());
  EXPECT_NE(from_env.problem.find("CUDALAB_DATA_DIR=/nonexistent/cudalab-data"), std::string::npos) << from_env.problem;
  const auto beside = find_data_dir(nullptr, tree.root / "custom");
  EXPECT_FALSE(beside.found());
  EXPECT_NE(beside.problem.find("share/cudalab"), std::string::npos) << beside.problem;
}

TEST(DataDir, TheRunningTestFindsItsOwnExecutable) {
  EXPECT_TRUE(fs::exists(cudalab::app::executable_dir()));
}

TEST(ConfigDir, XdgConfigHomeFirstThenHome) {
  EXPECT_EQ(config_dir("/x/config", "/home/student"), fs::path("/x/config/cudalab"));
  EXPECT_EQ(config_dir(nullptr, "/home/student"), fs::path("/home/student/.config/cudalab"));
  EXPECT_EQ(config_dir("", "/home/student"), fs::path("/home/student/.config/cudalab"));
}
