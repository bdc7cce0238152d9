// A class folder holds whatever students (and their tools) put there: every entry named *.cu gets
// its own row, nothing in the folder stops the others or the table (issue #26, "a class never
// aborts"); names and findings reach the terminal and the CSV without control sequences or
// spreadsheet formulas. The last test grades such a folder with the real `cudalab check`.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>

#include "cli/class_folder.h"

namespace fs = std::filesystem;
using namespace cudalab::app;

namespace {

// A fresh folder under the test's temp dir.
fs::path fresh_folder(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("cudalab_class_" + name + "_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

void write(const fs::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// The hostile entries a real class folder has held, beside one good kernel file.
void fill_with_trouble(const fs::path& dir, const std::string& good_source) {
  write(dir / "good.cu", good_source);
  fs::create_directory_symlink(dir / "loop_b.cu", dir / "loop_a.cu");  // a loop of links
  fs::create_directory_symlink(dir / "loop_a.cu", dir / "loop_b.cu");
  fs::create_symlink("/no/such/file.cu", dir / "dangling.cu");
  fs::create_symlink("/etc/passwd", dir / "classmate.cu");  // reading it would be the teacher's doing
  ASSERT_EQ(::mkfifo((dir / "pipe.cu").c_str(), 0600), 0);  // opening it for reading would block forever
  fs::create_directory(dir / "folder.cu");
  {  // 1 GiB of NUL bytes (sparse: costs no disk)
    std::ofstream(dir / "huge.cu");
    fs::resize_file(dir / "huge.cu", std::uintmax_t{1} << 30);
  }
  write(dir / std::string("bad\xff\xfename.cu"), good_source);   // not UTF-8
  write(dir / std::string("\x1b]0;pwned\x07title.cu"), good_source);  // rewrites a terminal's title
  write(dir / "notes.txt", "not a submission");
}

}  // namespace

TEST(ClassFolder, PrintableKeepsUtf8AndEscapesControlsAndBadBytes) {
  EXPECT_EQ(printable("kernel.cu"), "kernel.cu");
  EXPECT_EQ(printable("张三.cu"), "张三.cu");
  EXPECT_EQ(printable("a\x1b[2Jb"), "a\\x1B[2Jb");
  EXPECT_EQ(printable("x\ny\tz\x7f"), "x\\x0Ay\\x09z\\x7F");
  EXPECT_EQ(printable("\xff\xfe"), "\\xFF\\xFE");
  EXPECT_EQ(printable("\xc2\x9b"), "\\xC2\\x9B");  // C1 CSI: a terminal acts on it as on ESC [
  EXPECT_EQ(printable("\xc0\xaf"), "\\xC0\\xAF");  // an overlong '/'
  EXPECT_EQ(printable("\xe4\xb8"), "\\xE4\\xB8");  // cut short
}

TEST(ClassFolder, CsvCellsNeverStartAFormula) {
  EXPECT_EQ(csv_cell("thread 3 read a[1000]"), "thread 3 read a[1000]");
  EXPECT_EQ(csv_cell("=HYPERLINK(\"http://x\",\"passed\")"), "\"'=HYPERLINK(\"\"http://x\"\",\"\"passed\"\")\"");
  EXPECT_EQ(csv_cell("+1"), "'+1");
  EXPECT_EQ(csv_cell("-2+3"), "'-2+3");
  EXPECT_EQ(csv_cell("@SUM(A1)"), "'@SUM(A1)");
  EXPECT_EQ(csv_cell("\t=1+1"), "' =1+1");
  EXPECT_EQ(csv_cell("\r=1"), "' =1");
  EXPECT_EQ(csv_cell("a, b"), "\"a, b\"");
  EXPECT_EQ(csv_cell("two\nlines"), "two lines");
}

TEST(ClassFolder, EveryCuEntryIsARowAndOnlyFilesAreGradable) {
  const fs::path dir = fresh_folder("list");
  fill_with_trouble(dir, "__global__ void k() {}\n");
  std::string why;
  const std::vector<Submission> found = list_submissions(dir, &why);
  EXPECT_EQ(why, "");
  std::map<std::string, std::string> problems;
  for (const Submission& s : found) problems[s.name] = s.problem.english();
  ASSERT_EQ(found.size(), 10u) << "every *.cu entry, notes.txt left out";
  EXPECT_EQ(problems["good.cu"], "");
  EXPECT_EQ(problems["bad\\xFF\\xFEname.cu"], "");
  EXPECT_EQ(problems["\\x1B]0;pwned\\x07title.cu"], "");
  for (const char* link : {"loop_a.cu", "loop_b.cu", "dangling.cu", "classmate.cu"}) {
    EXPECT_NE(problems[link].find("symbolic link"), std::string::npos) << link << ": " << problems[link];
  }
  EXPECT_NE(problems["pipe.cu"].find("not a regular file"), std::string::npos);
  EXPECT_NE(problems["folder.cu"].find("a folder"), std::string::npos);
  EXPECT_EQ(problems["huge.cu"], "1.0 GiB: larger than the 1.0 MiB a kernel file may be");

  std::string source;
  cudalab::Message reason;
  EXPECT_TRUE(read_submission(dir / "good.cu", &source, &reason)) << reason;
  EXPECT_EQ(source, "__global__ void k() {}\n");
  // Swapped for a link or a giant after the listing: refused, not followed or read whole.
  EXPECT_FALSE(read_submission(dir / "classmate.cu", &source, &reason));
  EXPECT_FALSE(read_submission(dir / "huge.cu", &source, &reason));
  EXPECT_NE(reason.english().find("larger than"), std::string::npos) << reason;
  EXPECT_FALSE(read_submission(dir / "pipe.cu", &source, &reason));  // and does not block
  fs::remove_all(dir);
}

TEST(ClassFolder, AMissingFolderIsSaidNotThrown) {
  std::string why;
  EXPECT_TRUE(list_submissions("/no/such/class", &why).empty());
  EXPECT_NE(why.find("cannot read the folder /no/such/class"), std::string::npos) << why;
}

// The real grader over such a folder: a table and a CSV with one row per entry, whatever they are.
TEST(ClassFolder, CheckGradesTheGoodAndListsTheRest) {
  const fs::path dir = fresh_folder("check");
  std::string solution;
  {
    FILE* pipe = ::popen((std::string(CUDALAB_EXE) + " exercise guard --solution").c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) solution.append(buffer, n);
    ASSERT_EQ(::pclose(pipe), 0);
  }
  fill_with_trouble(dir, solution);
  const fs::path csv = dir.string() + ".csv";
  const std::string command = std::string(CUDALAB_EXE) + " check guard '" + dir.string() + "' --backend emu -j 2 --lang en --csv '" +
                              csv.string() + "' 2>&1";
  FILE* pipe = ::popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string out;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) out.append(buffer, n);
  const int status = ::pclose(pipe);
  EXPECT_EQ(WEXITSTATUS(status), 1) << out;  // not all passed
  EXPECT_NE(out.find("3 of 10 submissions passed guard"), std::string::npos) << out;
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << "a name reached the terminal as a control sequence";
  std::ifstream in(csv);
  std::string line;
  std::vector<std::string> rows;
  while (std::getline(in, line)) rows.push_back(line);
  ASSERT_EQ(rows.size(), 11u) << "a header and one row per entry";
  int passed = 0, not_checked = 0;
  for (const std::string& row : rows) {
    passed += row.find(",passed,") != std::string::npos;
    not_checked += row.find(",cannot run,") != std::string::npos;
  }
  EXPECT_EQ(passed, 3);
  EXPECT_EQ(not_checked, 7);
  fs::remove_all(dir);
  fs::remove(csv);
}
