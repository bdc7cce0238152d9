// read_whole_file: every byte of a file, or nullopt and the system's words for why not.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "cudalab/files.h"

namespace fs = std::filesystem;
using cudalab::read_whole_file;

namespace {

class ReadWholeFile : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("cudalab_files_test_" + std::to_string(::getpid()));
    fs::create_directories(folder_);
  }
  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(folder_, ignored);
  }
  fs::path write(const std::string& name, const std::string& bytes) {
    const fs::path file = folder_ / name;
    std::ofstream(file, std::ios::binary) << bytes;
    return file;
  }
  fs::path folder_;
};

TEST_F(ReadWholeFile, ReadsText) {
  EXPECT_EQ(read_whole_file(write("a.cuh", "__global__ void k() {}\n")), "__global__ void k() {}\n");
}

TEST_F(ReadWholeFile, AnEmptyFileIsAnEmptyString) {
  const auto text = read_whole_file(write("empty", ""));
  ASSERT_TRUE(text.has_value());
  EXPECT_TRUE(text->empty());
}

TEST_F(ReadWholeFile, KeepsEveryByte) {
  std::string bytes;
  for (int i = 0; i < 256; ++i) bytes.push_back(static_cast<char>(i));
  bytes += std::string("\0\r\n\xff\xfe", 5);
  EXPECT_EQ(read_whole_file(write("bytes.bin", bytes)), bytes);
}

TEST_F(ReadWholeFile, ReadsAFileLargerThanOneChunk) {
  std::string bytes(3 * 65536 + 17, 'x');
  bytes[70000] = '\0';
  EXPECT_EQ(read_whole_file(write("large", bytes)), bytes);
}

TEST_F(ReadWholeFile, AMissingFileSaysWhy) {
  std::string why;
  EXPECT_EQ(read_whole_file(folder_ / "missing", &why), std::nullopt);
  EXPECT_EQ(why, "No such file or directory");
  EXPECT_EQ(read_whole_file(folder_ / "missing"), std::nullopt);  // no words asked for
}

TEST_F(ReadWholeFile, AFolderIsNotAFile) {
  std::string why;
  EXPECT_EQ(read_whole_file(folder_, &why), std::nullopt);
  EXPECT_EQ(why, "Is a directory");
}

TEST_F(ReadWholeFile, ReadsAProcFile) {  // their size says 0: read to the end all the same
  const auto status = read_whole_file("/proc/self/status");
  ASSERT_TRUE(status.has_value());
  EXPECT_NE(status->find("Name:"), std::string::npos);
}

}  // namespace
