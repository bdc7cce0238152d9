#include "render/palette.h"

#include <algorithm>
#include <cmath>

namespace cudalab::app::render {

namespace {

// Okabe & Ito (2008), "Color Universal Design", without black (invisible on a dark canvas).
constexpr PackedColour okabe_ito[palette_size] = {
    pack(230, 159, 0),    // orange
    pack(86, 180, 233),   // sky blue
    pack(0, 158, 115),    // bluish green
    pack(240, 228, 66),   // yellow
    pack(0, 114, 178),    // blue
    pack(213, 94, 0),     // vermillion
    pack(204, 121, 167),  // reddish purple
};

int mix_channel(int from, int to, float amount) {
  return std::clamp(static_cast<int>(std::lround(from + (to - from) * amount)), 0, 255);
}

float linear_channel(int channel) {
  const float value = static_cast<float>(channel) / 255.f;
  return value <= 0.04045f ? value / 12.92f : std::pow((value + 0.055f) / 1.055f, 2.4f);
}

}  // namespace

PackedColour group_colour(int group) {
  if (group < 0) return idle_grey;
  const PackedColour base = okabe_ito[group % palette_size];
  // The second round of groups is lighter, so neighbouring blocks 0 and 7 still differ.
  const int round = (group / palette_size) % 3;
  if (round == 0) return base;
  const int target = round == 1 ? 255 : 0;  // the third round is darker
  const float amount = round == 1 ? 0.45f : 0.4f;
  return pack(mix_channel(red_of(base), target, amount), mix_channel(green_of(base), target, amount),
              mix_channel(blue_of(base), target, amount));
}

PackedColour shaded_group_colour(int group, float shade) {
  const PackedColour base = group_colour(group);
  // Never fully black: a shade-0 cell must still read as its group.
  const float brightness = 0.3f + 0.7f * std::clamp(shade, 0.f, 1.f);
  return pack(mix_channel(0, red_of(base), brightness), mix_channel(0, green_of(base), brightness),
              mix_channel(0, blue_of(base), brightness));
}

float luminance(PackedColour colour) {
  return 0.2126f * linear_channel(red_of(colour)) + 0.7152f * linear_channel(green_of(colour)) +
         0.0722f * linear_channel(blue_of(colour));
}

PackedColour text_colour_on(PackedColour background) {
  // Contrast ratio against black vs white (WCAG): pick the larger.
  const float lum = luminance(background);
  const float with_black = (lum + 0.05f) / 0.05f;
  const float with_white = 1.05f / (lum + 0.05f);
  return with_black >= with_white ? pack(0, 0, 0) : pack(255, 255, 255);
}

}  // namespace cudalab::app::render
