#include "shell/fonts.h"

#include <chrono>
#include <cstdlib>
#include <string>
#include <system_error>

#include "cudalab/files.h"

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

bool in_ranges(const ImWchar* ranges, unsigned code_point) {
  for (; ranges[0] != 0; ranges += 2) {
    if (code_point >= ranges[0] && code_point <= ranges[1]) return true;
  }
  return false;
}

// The characters of `text` that `covered` (the DejaVu ranges of that font) lacks, as ImGui glyph
// ranges, kept in `out` (the atlas reads them at Build()). ASCII is always DejaVu's.
bool cjk_ranges_for(const std::string& text, const ImWchar* covered, ImVector<ImWchar>* out) {
  ImFontGlyphRangesBuilder used;
  used.AddText(text.c_str(), text.c_str() + text.size());
  ImFontGlyphRangesBuilder wanted;
  bool any = false;
  for (unsigned code_point = 0x80; code_point <= IM_UNICODE_CODEPOINT_MAX; ++code_point) {
    if (!used.GetBit(code_point) || in_ranges(covered, code_point)) continue;
    wanted.AddChar(static_cast<ImWchar>(code_point));
    any = true;
  }
  out->clear();
  if (any) wanted.BuildRanges(out);
  return any;
}

// The CJK file is read once per process and handed to every merge (7 sizes): the atlas does not
// own it, so each rebuild (text size, language) reads nothing from disk.
const std::string* cjk_file_data(const std::filesystem::path& file) {
  static std::filesystem::path loaded_file;
  static std::string data;
  if (loaded_file != file || data.empty()) {
    data = read_whole_file(file).value_or("");
    loaded_file = file;
  }
  return data.empty() ? nullptr : &data;
}

// Merges the CJK glyphs of `text` into the font added just before (ImGui merges into the last font).
int merge_cjk(ImFontAtlas* atlas, const CjkGlyphRequest& cjk, const std::string& text, const ImWchar* covered,
              float pixels, ImVector<ImWchar>* ranges) {
  if (!cjk_ranges_for(text, covered, ranges)) return 0;
  const std::string* data = cjk_file_data(cjk.font.file);
  if (data == nullptr) return 0;
  ImFontConfig config;
  config.MergeMode = true;
  config.FontDataOwnedByAtlas = false;
  config.FontNo = cjk.font.index;
  // Ideographs are dense and upright: no horizontal oversampling (it would double their area).
  config.OversampleH = 1;
  config.OversampleV = 1;
  config.PixelSnapH = true;
  atlas->AddFontFromMemoryTTF(const_cast<char*>(data->data()), static_cast<int>(data->size()), pixels, &config,
                              ranges->Data);
  int glyphs = 0;
  for (int i = 0; i + 1 < ranges->Size && (*ranges)[i] != 0; i += 2) glyphs += (*ranges)[i + 1] - (*ranges)[i] + 1;
  return glyphs;
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

FontBuild build_fonts(ImFontAtlas* atlas, const std::filesystem::path& font_dir, float scale,
                      const CjkGlyphRequest* cjk) {
  const auto started = std::chrono::steady_clock::now();
  atlas->Clear();
  // One set of ranges per merged font, alive until Build() below has read them.
  static ImVector<ImWchar> cjk_ranges[7];
  int merged = 0;
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
  // Each font that may draw Chinese gets the CJK glyphs of its own text merged in right after it
  // (merging only works into a font that was really added, not a stand-in).
  auto merge = [&](ImFont* font, const std::string CjkText::*part, const ImWchar* covered, float pixels, int slot) {
    if (cjk != nullptr && font != nullptr) merged += merge_cjk(atlas, *cjk, cjk->text.*part, covered, pixels, &cjk_ranges[slot]);
    return font;
  };
  if (fonts.regular != nullptr && build.problem.empty()) merge(fonts.regular, &CjkText::body, text_ranges, body, 0);
  auto or_regular = [&](ImFont* font) { return font != nullptr ? font : fonts.regular; };
  fonts.bold = or_regular(merge(add_font(atlas, bold_file, body, text_ranges, 2), &CjkText::bold, text_ranges, body, 1));
  fonts.italic =
      or_regular(merge(add_font(atlas, italic_file, body, compact_ranges, 2), &CjkText::italic, compact_ranges, body, 2));
  fonts.mono = or_regular(
      merge(add_font(atlas, mono_file, body * 0.92f, text_ranges, 2), &CjkText::code, text_ranges, body * 0.92f, 3));
  fonts.heading1 = or_regular(merge(add_font(atlas, bold_file, body * 1.6f, compact_ranges, 1), &CjkText::titles,
                                    compact_ranges, body * 1.6f, 4));
  fonts.heading2 = or_regular(merge(add_font(atlas, bold_file, body * 1.3f, compact_ranges, 1), &CjkText::titles,
                                    compact_ranges, body * 1.3f, 5));
  fonts.heading3 = or_regular(merge(add_font(atlas, bold_file, body * 1.1f, compact_ranges, 1), &CjkText::headings,
                                    compact_ranges, body * 1.1f, 6));
  fonts.large = or_regular(add_font(atlas, regular_file, body * 2.0f, compact_ranges, 1));
  if (build.problem.empty() && (fonts.bold == fonts.regular || fonts.mono == fonts.regular || fonts.italic == fonts.regular)) {
    build.problem = "Fonts: some DejaVu fonts are missing from " + font_dir.string() +
                    " (install fonts-dejavu-core and fonts-dejavu-extra); the regular font stands in.";
  }
  // GL 3.3 takes any texture height: rounding it up to a power of two would waste up to half of
  // the texture (8 MiB of RGBA at 200 %) on nothing.
  atlas->Flags |= ImFontAtlasFlags_NoPowerOfTwoHeight;
  atlas->Build();
  build.atlas_width = atlas->TexWidth;
  build.atlas_height = atlas->TexHeight;
  build.cjk_glyphs = merged;
  build.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return build;
}

}  // namespace cudalab::app
