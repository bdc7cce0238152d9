// Run files from outside: whatever bytes a file holds, load_run answers with a Status, and
// save_run writes any Run the runtime can make (kernel printf is not always UTF-8).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include "cudalab/run.h"

using LabRun = cudalab::Run;  // gtest's Test::Run() would hide the plain name inside TEST bodies
using cudalab::Status;
using cudalab::StatusCode;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string temporary_path(const std::string& name) {
  return (fs::temp_directory_path() / ("cudalab_run_file_" + std::to_string(::getpid()) + "_" + name)).string();
}

// A valid Run's JSON text with `"results":{}` replaced by `results`.
std::string run_text_with_results(const std::string& results) {
  std::string text = to_json(LabRun{}).dump();
  const std::string empty_results = "\"results\":{}";
  const auto at = text.find(empty_results);
  EXPECT_NE(at, std::string::npos);
  return text.replace(at, empty_results.size(), "\"results\":" + results);
}

}  // namespace

TEST(RunFile, SaveWritesBytesThatAreNotUtf8AsReplacementCharacters) {
  // A kernel's printf("%c", 0xC3) followed by "(": nlohmann's dump threw type_error 316 out of
  // `cudalab run --json`.
  LabRun run;
  run.printf_output = "block 0: \xC3( and \xFF end\n";
  run.parameters["n"] = "4\xFE";
  const std::string path = temporary_path("not_utf8.json");
  Status status;
  ASSERT_NO_THROW(status = save_run(run, path));
  ASSERT_TRUE(status.ok()) << status.describe();
  LabRun loaded;
  status = load_run(path, &loaded);
  fs::remove(path);
  ASSERT_TRUE(status.ok()) << status.describe();
  EXPECT_EQ(loaded.printf_output, "block 0: \xEF\xBF\xBD( and \xEF\xBF\xBD end\n");
  EXPECT_EQ(loaded.parameters.at("n"), "4\xEF\xBF\xBD");
}

TEST(RunFile, NumberPastADoubleIsAMessageNotAnException) {
  // Valid JSON, but no double holds it: nlohmann throws out_of_range.406, which load_run let out.
  const std::string path = temporary_path("huge_number.json");
  std::ofstream(path, std::ios::binary) << run_text_with_results("{\"gflops\": 1e400}");
  LabRun run;
  Status status;
  ASSERT_NO_THROW(status = load_run(path, &run));
  fs::remove(path);
  EXPECT_EQ(status.code, StatusCode::invalid_argument);
  EXPECT_EQ(status.message.rfind(path + " cannot be read: number overflow parsing '1e400'", 0), 0u) << status.message;
}

TEST(RunFile, DeepNestingIsRefusedBeforeItCanOverflowTheStack) {
  // 200 000 levels of "[" in results: reading used to copy them recursively and crash.
  const int depth = 200000;
  const std::string text = run_text_with_results(std::string(depth, '[') + std::string(depth, ']'));
  LabRun run;
  run.lesson = "untouched";
  const Status status = parse_run(text, "deep.json", &run);
  EXPECT_EQ(status.code, StatusCode::invalid_argument);
  EXPECT_EQ(status.message, "deep.json is nested deeper than 256 levels; CUDA Lab never writes such a Run");
  EXPECT_EQ(run.lesson, "untouched");
  // Nesting a lesson could really write still loads.
  EXPECT_TRUE(parse_run(run_text_with_results("{\"rows\": [[1, 2], [3, [4, {\"x\": [5]}]]]}"), "ok.json", &run).ok());
  EXPECT_EQ(run.results["rows"][1][1][1]["x"][0], 5);
}

TEST(RunFile, ParseErrorsStartWithTheOrigin) {
  LabRun run;
  const Status status = parse_run("{\"kind\": ", "from-worker", &run);
  EXPECT_EQ(status.code, StatusCode::invalid_argument);
  EXPECT_EQ(status.message.rfind("from-worker is not valid JSON: parse error at line 1", 0), 0u) << status.message;
  EXPECT_EQ(parse_run("[]", "from-worker", &run).message, "from-worker: run: expected an object, found an array");
}

// Issue #26: a fixed PATH.tmp let a link planted there send the save elsewhere (a student's
// process rewriting what the teacher saves). The temporary name is unique now; nothing is left.
TEST(RunFile, SaveFollowsNoPlantedLinkAndLeavesNothingBehind) {
  const fs::path dir = fs::temp_directory_path() / ("cudalab_save_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path target = dir / "grades.csv", victim = dir / "victim.txt";
  { std::ofstream(victim) << "untouched"; }
  fs::create_symlink(victim, dir / "grades.csv.tmp");
  ASSERT_TRUE(cudalab::save_text("a,b\n1,2\n", target.string()).ok());
  ASSERT_TRUE(cudalab::save_text("a,b\n3,4\n", target.string()).ok());  // over an existing one
  std::ifstream saved(target), kept(victim);
  std::stringstream saved_text, kept_text;
  saved_text << saved.rdbuf();
  kept_text << kept.rdbuf();
  EXPECT_EQ(saved_text.str(), "a,b\n3,4\n");
  EXPECT_EQ(kept_text.str(), "untouched");
  EXPECT_TRUE(fs::is_symlink(dir / "grades.csv.tmp"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 3) << "no temporary left";
  // Readable as any file the user writes (mkstemp alone would make it 0600), by the user's umask.
  const mode_t before = ::umask(027);
  ASSERT_TRUE(cudalab::save_text("a,b\n", target.string()).ok());
  ::umask(before);
  EXPECT_EQ(static_cast<unsigned>(fs::status(target).permissions() & fs::perms::all), 0640u);
  EXPECT_FALSE(cudalab::save_text("x", (dir / "no" / "such" / "folder.txt").string()).ok());
  fs::remove_all(dir);
}
