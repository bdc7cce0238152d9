#pragma once
// Group colours for pictures. Okabe & Ito's palette (the one colour-blind students can tell
// apart, and bright enough for a projector); groups past seven repeat it lighter. Group -1 means
// idle and is grey. Colours are packed as ImGui's IM_COL32 (R in the low byte), which is also the
// byte order GL reads as GL_RGBA / GL_UNSIGNED_BYTE.
#include <cstdint>

namespace cudalab::app::render {

using PackedColour = std::uint32_t;

constexpr PackedColour pack(int red, int green, int blue, int alpha = 255) {
  return static_cast<PackedColour>(red) | (static_cast<PackedColour>(green) << 8) |
         (static_cast<PackedColour>(blue) << 16) | (static_cast<PackedColour>(alpha) << 24);
}
constexpr int red_of(PackedColour colour) { return static_cast<int>(colour & 0xFF); }
constexpr int green_of(PackedColour colour) { return static_cast<int>((colour >> 8) & 0xFF); }
constexpr int blue_of(PackedColour colour) { return static_cast<int>((colour >> 16) & 0xFF); }

constexpr int palette_size = 7;
// Mid grey, chosen (palette_test) to stay apart from every group colour in all three vision models.
constexpr PackedColour idle_grey = pack(118, 118, 118);

// The base colour of a group (no shade): -1 (or any negative) = idle grey.
PackedColour group_colour(int group);
// A group's colour at brightness `shade` (0..1): shade 1 is the full colour, 0 a dark version of it.
PackedColour shaded_group_colour(int group, float shade);
// Black or white, whichever reads better on `background` (cell labels).
PackedColour text_colour_on(PackedColour background);
// Relative luminance (sRGB, 0..1).
float luminance(PackedColour colour);

}  // namespace cudalab::app::render
