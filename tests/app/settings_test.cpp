// Settings: the JSON round trip, and the promise that a corrupt or unreadable settings file gives
// a message and defaults, and is left untouched until the user changes something.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "cudalab/files.h"
#include "settings/settings.h"
#include "settings/settings_store.h"

namespace fs = std::filesystem;
using cudalab::app::load_settings;
using cudalab::app::save_settings;
using cudalab::app::Settings;
using cudalab::app::SettingsStore;
using cudalab::app::Theme;

namespace {

class SettingsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    folder_ = fs::temp_directory_path() / ("cudalab_settings_" + std::to_string(::getpid()) + "_" +
                                           ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(folder_);
    fs::create_directories(folder_);
    file_ = folder_ / "cudalab" / "settings.json";
  }
  void TearDown() override { fs::remove_all(folder_); }

  static std::string read(const fs::path& file) { return cudalab::read_whole_file(file).value_or(""); }
  void write(const std::string& text) {
    fs::create_directories(file_.parent_path());
    std::ofstream(file_, std::ios::binary) << text;
  }

  fs::path folder_, file_;
};

Settings changed_settings() {
  Settings settings;
  settings.window_width = 1600;
  settings.window_height = 900;
  settings.window_x = 40;
  settings.window_y = 30;
  settings.theme = Theme::high_contrast;
  settings.font_scale = 2.f;
  settings.chapter = "threads";
  settings.step = 3;
  settings.visited = {{"machine", {0, 1}}, {"threads", {0, 2, 3}}};
  return settings;
}

}  // namespace

TEST_F(SettingsTest, RoundTripKeepsEveryField) {
  const Settings saved = changed_settings();
  ASSERT_EQ(save_settings(saved, file_), "");
  const auto loaded = load_settings(file_);
  EXPECT_EQ(loaded.problem, "");
  EXPECT_TRUE(loaded.file_existed);
  EXPECT_EQ(loaded.settings, saved);
}

TEST_F(SettingsTest, MissingFileGivesDefaultsWithoutAMessage) {
  const auto loaded = load_settings(file_);
  EXPECT_EQ(loaded.problem, "");
  EXPECT_FALSE(loaded.file_existed);
  EXPECT_EQ(loaded.settings, Settings{});
}

TEST_F(SettingsTest, CorruptFileGivesMessageAndDefaults) {
  write("{ \"theme\": \"light\", oops");
  const auto loaded = load_settings(file_);
  EXPECT_NE(loaded.problem.find("not valid settings JSON"), std::string::npos) << loaded.problem;
  EXPECT_NE(loaded.problem.find(file_.string()), std::string::npos) << loaded.problem;
  EXPECT_TRUE(loaded.file_ignored);
  EXPECT_EQ(loaded.settings, Settings{});
}

// Found by the settings fuzzer: pane sizes of the wrong type set aside the pane sizes only, and the
// loader says the file was used in part (not "using defaults" for all of it).
TEST_F(SettingsTest, PaneSizesOfTheWrongTypeKeepTheRestOfTheFile) {
  write(R"({"course": {"chapter": "threads", "step": 2}, "font_scale": 1.5, "panes": "high-contrast", "version": 1})");
  const auto loaded = load_settings(file_);
  EXPECT_NE(loaded.problem.find("the pane sizes are not an object"), std::string::npos) << loaded.problem;
  EXPECT_FALSE(loaded.file_ignored);
  EXPECT_EQ(loaded.settings.chapter, "threads");
  EXPECT_EQ(loaded.settings.step, 2);
  EXPECT_FLOAT_EQ(loaded.settings.font_scale, 1.5F);
  EXPECT_EQ(loaded.settings.panes, cudalab::app::PaneSizes{});
}

TEST_F(SettingsTest, CorruptFileIsNotOverwrittenUntilTheUserChangesSomething) {
  const std::string corrupt = "\x01\x02 not json at all";
  write(corrupt);
  SettingsStore store(file_, /*read_only=*/false);
  EXPECT_NE(store.load(), "");
  // The shell records nothing without a user action; saving then (even forced, as at exit) must
  // leave the file alone.
  EXPECT_EQ(store.save_if_due(100.0, /*force=*/true), "");
  EXPECT_EQ(read(file_), corrupt);
  // Recording the same state as loaded is no change either.
  EXPECT_FALSE(store.record(Settings{}, 1.0));
  EXPECT_EQ(store.save_if_due(100.0, true), "");
  EXPECT_EQ(read(file_), corrupt);
  // A real change is written.
  Settings changed;
  changed.theme = Theme::light;
  EXPECT_TRUE(store.record(changed, 2.0));
  EXPECT_EQ(store.save_if_due(2.5), "");  // too soon: writes are batched
  EXPECT_EQ(read(file_), corrupt);
  EXPECT_EQ(store.save_if_due(3.5), "");
  EXPECT_EQ(load_settings(file_).settings.theme, Theme::light);
}

TEST_F(SettingsTest, UnreadableFileGivesMessageAndDefaultsAndStaysUntouched) {
  // A folder where the file should be: unreadable as a file even for root (permissions are not).
  fs::create_directories(file_);
  SettingsStore store(file_, false);
  const std::string problem = store.load();
  EXPECT_NE(problem.find("Settings:"), std::string::npos) << problem;
  EXPECT_EQ(store.current(), Settings{});
  EXPECT_EQ(store.save_if_due(10.0, true), "");
  EXPECT_TRUE(fs::is_directory(file_));
}

TEST_F(SettingsTest, ReadOnlyStoreNeverWrites) {
  SettingsStore store(file_, /*read_only=*/true);
  EXPECT_EQ(store.load(), "");
  EXPECT_TRUE(store.record(changed_settings(), 1.0));
  EXPECT_EQ(store.save_if_due(100.0, true), "");
  EXPECT_FALSE(fs::exists(file_));
}

TEST_F(SettingsTest, OddFieldsFallBackOneByOne) {
  write(R"({"window": {"width": 5, "height": 700}, "theme": "purple", "font_scale": 40,
            "course": {"chapter": "hello", "step": -3, "visited": {"hello": [0, "x", -1, 2], "bad": 7}}})");
  const auto loaded = load_settings(file_);
  EXPECT_EQ(loaded.problem, "");
  EXPECT_EQ(loaded.settings.window_width, Settings{}.window_width);  // 5 px: not a window
  EXPECT_EQ(loaded.settings.window_height, 700);
  EXPECT_EQ(loaded.settings.theme, Theme::dark);
  EXPECT_EQ(loaded.settings.font_scale, 1.f);
  EXPECT_EQ(loaded.settings.chapter, "hello");
  EXPECT_EQ(loaded.settings.step, 0);
  EXPECT_EQ(loaded.settings.visited.at("hello"), (std::set<int>{0, 2}));
  EXPECT_EQ(loaded.settings.visited.count("bad"), 0u);
}

TEST_F(SettingsTest, NumbersOutsideTheirTypeKeepTheDefaults) {
  // Converting these to int or float was undefined behaviour (x86 gave INT_MIN), and 4294967296
  // wrapped to step 0.
  write(R"({"window": {"width": 1e300, "x": 1e300, "y": -1e300, "height": 4294968576},
            "font_scale": 1e39, "course": {"step": 1e300,
            "visited": {"hello": [4294967296, 18446744073709551615, 2, 2147483648, 2147483647]}}})");
  const auto loaded = load_settings(file_);
  EXPECT_EQ(loaded.problem, "");
  EXPECT_EQ(loaded.settings.window_width, Settings{}.window_width);
  EXPECT_EQ(loaded.settings.window_height, Settings{}.window_height);
  EXPECT_EQ(loaded.settings.window_x, -1);
  EXPECT_EQ(loaded.settings.window_y, -1);
  EXPECT_EQ(loaded.settings.font_scale, 1.f);
  EXPECT_EQ(loaded.settings.step, 0);
  EXPECT_EQ(loaded.settings.visited.at("hello"), (std::set<int>{2, 2147483647}));
}

TEST_F(SettingsTest, AnyBytesGiveDefaultsAndAMessage) {
  const std::string texts[] = {std::string("{\"theme\": \"\xff\"}"),
                               "{\"font_scale\": 1e400}",
                               std::string(100000, '['),
                               std::string("\0\0\0", 3),
                               "",
                               "null"};
  for (const std::string& text : texts) {
    const auto loaded = cudalab::app::settings_from_text(text, "settings.json");
    EXPECT_EQ(loaded.settings, Settings{});
    EXPECT_NE(loaded.problem.find("is not valid settings JSON"), std::string::npos) << loaded.problem;
  }
  // A chapter id that is not UTF-8 is saved with U+FFFD instead of throwing out of the save.
  Settings odd;
  odd.chapter = "he\xffllo";
  odd.visited["\xfe"] = {1};
  ASSERT_EQ(save_settings(odd, file_), "");
  EXPECT_EQ(load_settings(file_).settings.chapter, "he\xEF\xBF\xBDllo");
}

TEST_F(SettingsTest, SaveCreatesTheFolderAndReplacesAtomically) {
  ASSERT_EQ(save_settings(changed_settings(), file_), "");
  ASSERT_EQ(save_settings(Settings{}, file_), "");
  EXPECT_EQ(load_settings(file_).settings, Settings{});
  EXPECT_FALSE(fs::exists(file_.string() + ".tmp"));
}

TEST_F(SettingsTest, PaneSizesRoundTrip) {
  Settings saved = changed_settings();
  saved.panes.chapters_width = 0.12f;
  saved.panes.text_width = 0.4f;
  saved.panes.text_height = 0.7f;
  saved.panes.canvas_height = 0.5f;
  saved.panes.chapters_collapsed = true;
  ASSERT_EQ(save_settings(saved, file_), "");
  const auto loaded = load_settings(file_);
  EXPECT_EQ(loaded.problem, "");
  EXPECT_EQ(loaded.settings.panes, saved.panes);
}

TEST_F(SettingsTest, CorruptPaneSizesFallBackToTheDefaultLayoutWithAMessage) {
  for (const char* panes : {R"({"text_width": 7})", R"({"canvas_height": "big"})", R"({"text_height": -0.2})",
                            R"({"chapters_width": 0.6, "text_width": 0.6})", R"([1, 2])", R"({"text_width": 1e400})"}) {
    const std::string text = std::string(R"({"theme": "light", "panes": )") + panes + "}";
    const auto loaded = cudalab::app::settings_from_text(text, "settings.json");
    EXPECT_EQ(loaded.settings.panes, cudalab::app::PaneSizes{}) << panes;
    if (std::string(panes).find("1e400") == std::string::npos) {
      // The rest of the file still counts; the message names the pane sizes.
      EXPECT_EQ(loaded.settings.theme, Theme::light) << panes;
      EXPECT_NE(loaded.problem.find("pane"), std::string::npos) << panes << ": " << loaded.problem;
    }
  }
  // An older file without pane sizes: defaults, no message.
  const auto old = cudalab::app::settings_from_text(R"({"theme": "light"})", "settings.json");
  EXPECT_EQ(old.problem, "");
  EXPECT_EQ(old.settings.panes, cudalab::app::PaneSizes{});
}

TEST(Settings, LanguageIsKeptAndAnUnknownOneIsForgotten) {
  using namespace cudalab::app;
  Settings settings;
  settings.language = "zh-CN";
  EXPECT_EQ(settings_from_json(to_json(settings)).language, "zh-CN");
  nlohmann::json j = to_json(settings);
  j["language"] = "klingon";
  EXPECT_EQ(settings_from_json(j).language, "") << "an unknown language falls back to the system locale";
  j.erase("language");
  EXPECT_EQ(settings_from_json(j).language, "") << "an older file has no language yet";
}
