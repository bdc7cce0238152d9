#include "shell/fonts.h"

#include <cstdlib>
#include <system_error>

namespace cudalab::app {

namespace {

// Latin, Greek (µ, π, Σ), punctuation (— … ·), sub/superscripts, arrows (→ ←), maths (× ≤ ≈),
// box drawing and geometric shapes (▶ ◀ ■), dingbats (✓ ✗). Glyphs a font lacks are skipped.
constexpr ImWchar text_ranges[] = {0x0020, 0x024F, 0x0370, 0x03FF, 0x2000, 0x209F, 0x20AC, 0x20AC, 0x2190, 0x21FF,
                                   0x2200, 0x22FF, 0x2500, 0x257F, 0x25A0, 0x25FF, 0x2700, 0x27BF, 0};
// Headings, big numbers and code need less.
constexpr ImWchar compact_ranges[] = {0x0020, 0x00FF, 0x0370, 0x03FF, 0x2010, 0x2027, 0x2190, 0x2193,
                                      0x2212, 0x2212, 0x2248, 0x2248, 0x2260, 0x2265, 0x25B6, 0x25C0, 0};

ImFont* add_font(ImFontAtlas* atlas, const std::filesystem::path& file, float pixels, const ImWchar* ranges,
                 int oversample) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error)) return nullptr;
  ImFontConfig config;
  config.OversampleH = oversample;
  config.OversampleV = 1;
  config.PixelSnapH = oversample == 1;
  return atlas->AddFontFromFileTTF(file.string().c_str(), pixels, &config, ranges);
}

}  // namespace

std::filesystem::path dejavu_font_dir() {
  if (const char* chosen = std::getenv("CUDALAB_FONT_DIR"); chosen != nullptr && *chosen != '\0') return chosen;
  const std::filesystem::path candidates[] = {"/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu",
                                              "/usr/share/fonts/TTF", "/usr/local/share/fonts/dejavu"};
  for (const auto& dir : candidates) {
    std::error_code error;
    if (std::filesystem::is_regular_file(dir / "DejaVuSans.ttf", error)) return dir;
  }
  return candidates[0];  // absent: build_fonts says so and falls back
}

FontBuild build_fonts(ImFontAtlas* atlas, const std::filesystem::path& font_dir, float scale) {
  atlas->Clear();
  FontBuild build;
  widgets::Fonts& fonts = build.fonts;
  fonts.scale = scale;
  const float body = base_font_pixels * scale;
  const auto regular_file = font_dir / "DejaVuSans.ttf";
  const auto bold_file = font_dir / "DejaVuSans-Bold.ttf";
  const auto italic_file = font_dir / "DejaVuSans-Oblique.ttf";
  const auto mono_file = font_dir / "DejaVuSansMono.ttf";

  // The first font added is ImGui's default for every widget.
  fonts.regular = add_font(atlas, regular_file, body, text_ranges, 2);
  if (fonts.regular == nullptr) {
    ImFontConfig config;
    config.SizePixels = 13.f * scale * 1.2f;
    fonts.regular = atlas->AddFontDefault(&config);
    build.problem = "Fonts: " + regular_file.string() +
                    " is missing (install fonts-dejavu-core); using ImGui's built-in font (no ×, →, µ or · glyphs).";
  }
  auto or_regular = [&](ImFont* font) { return font != nullptr ? font : fonts.regular; };
  fonts.bold = or_regular(add_font(atlas, bold_file, body, text_ranges, 2));
  fonts.italic = or_regular(add_font(atlas, italic_file, body, compact_ranges, 2));
  fonts.mono = or_regular(add_font(atlas, mono_file, body * 0.92f, text_ranges, 2));
  fonts.heading1 = or_regular(add_font(atlas, bold_file, body * 1.6f, compact_ranges, 1));
  fonts.heading2 = or_regular(add_font(atlas, bold_file, body * 1.3f, compact_ranges, 1));
  fonts.heading3 = or_regular(add_font(atlas, bold_file, body * 1.1f, compact_ranges, 1));
  fonts.large = or_regular(add_font(atlas, regular_file, body * 2.0f, compact_ranges, 1));
  if (build.problem.empty() && (fonts.bold == fonts.regular || fonts.mono == fonts.regular || fonts.italic == fonts.regular)) {
    build.problem = "Fonts: some DejaVu fonts are missing from " + font_dir.string() +
                    " (install fonts-dejavu-core and fonts-dejavu-extra); the regular font stands in.";
  }
  atlas->Build();
  return build;
}

}  // namespace cudalab::app
