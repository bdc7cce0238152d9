// A Chinese chapter title in the narrow chapter list wraps between characters (text_fit's
// wrap_lines uses line_break.h), never before "、" or "，", instead of being cut with "…".
#include <gtest/gtest.h>

#include <imgui.h>

#include "widgets/text_fit.h"

using namespace cudalab::app::widgets;

namespace {
// A frame of ImGui with its built-in font: every CJK character draws as the same fallback glyph,
// which is all the line breaking needs (equal widths).
struct Frame {
  Frame() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(800, 600);
    io.IniFilename = nullptr;  // a test leaves no imgui.ini behind
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    ImGui::NewFrame();
  }
  ~Frame() {
    ImGui::EndFrame();
    ImGui::DestroyContext();
  }
};
}  // namespace

TEST(TextFitZh, ChineseTitlesWrapBetweenCharactersByTheRules) {
  Frame frame;
  const float glyph = ImGui::CalcTextSize("线").x;
  ASSERT_GT(glyph, 0.f);
  // Room for four characters a line: "线程、线" would leave "程块" — but "、" may not start a
  // line, and a line may break right after it.
  const std::vector<std::string> lines = wrap_lines("线程、线程块与网格", glyph * 4.5f, 4);
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0], "线程、线");
  for (const std::string& line : lines) {
    EXPECT_FALSE(line.starts_with("、")) << line;
    EXPECT_EQ(line.find("…"), std::string::npos) << "wrapped, not cut: " << line;
  }
  // English titles still break at spaces only.
  const std::vector<std::string> english = wrap_lines("Threads blocks grids", ImGui::CalcTextSize("Threads blocks").x + 1, 3);
  ASSERT_EQ(english.size(), 2u);
  EXPECT_EQ(english[0], "Threads blocks");
}
