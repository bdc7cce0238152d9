// The app draws with the system's DejaVu fonts (README's commands install them), not a copy of its
// own; without them it still starts, says which package is missing, and uses ImGui's font.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include <imgui.h>

#include "shell/fonts.h"

using namespace cudalab::app;

TEST(Fonts, TheSystemDejaVuIsFoundAndLoaded) {
  unsetenv("CUDALAB_FONT_DIR");
  const std::filesystem::path dir = dejavu_font_dir();
  if (!std::filesystem::exists(dir / "DejaVuSans.ttf")) GTEST_SKIP() << "fonts-dejavu-core is not installed here";
  ImGui::CreateContext();
  const FontBuild build = build_fonts(ImGui::GetIO().Fonts, dir, 1.f);
  EXPECT_EQ(build.problem, "") << "every face (regular, bold, oblique, mono) comes from " << dir;
  EXPECT_NE(build.fonts.bold, build.fonts.regular);
  EXPECT_NE(build.fonts.italic, build.fonts.regular);
  EXPECT_NE(build.fonts.mono, build.fonts.regular);
  ImGui::DestroyContext();
}

TEST(Fonts, MissingFontsAreSaidAndTheBuiltInFontStandsIn) {
  setenv("CUDALAB_FONT_DIR", "/nonexistent/fonts", 1);
  EXPECT_EQ(dejavu_font_dir(), std::filesystem::path("/nonexistent/fonts"));
  ImGui::CreateContext();
  const FontBuild build = build_fonts(ImGui::GetIO().Fonts, dejavu_font_dir(), 1.5f);
  EXPECT_NE(build.problem.find("install fonts-dejavu-core"), std::string::npos) << build.problem;
  ASSERT_NE(build.fonts.regular, nullptr);
  EXPECT_EQ(build.fonts.mono, build.fonts.regular);
  ImGui::DestroyContext();
  unsetenv("CUDALAB_FONT_DIR");
}
