// The group palette must stay tellable apart for colour-blind students and readable on a
// projector: neighbouring groups differ under simulated deuteranopia and protanopia, idle grey
// differs from every group, and labels on cells keep WCAG contrast.
#include <gtest/gtest.h>

#include <cmath>

#include "render/palette.h"

using namespace cudalab::app::render;

namespace {

struct Lab {
  double l, a, b;
};

double linear(double channel) {
  channel /= 255.0;
  return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

Lab to_lab(double r, double g, double b) {  // linear RGB in 0..1 -> CIELAB (D65)
  const double x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const double y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const double z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  auto f = [](double t) { return t > 0.008856 ? std::cbrt(t) : 7.787 * t + 16.0 / 116.0; };
  return {116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))};
}

enum class Vision { normal, deuteranopia, protanopia };

// Machado, Oliveira & Fernandes (2009), severity 1.0, applied to linear RGB.
Lab seen_as(PackedColour colour, Vision vision) {
  const double r = linear(red_of(colour)), g = linear(green_of(colour)), b = linear(blue_of(colour));
  switch (vision) {
    case Vision::normal: return to_lab(r, g, b);
    case Vision::deuteranopia:
      return to_lab(0.367322 * r + 0.860646 * g - 0.227968 * b, 0.280085 * r + 0.672501 * g + 0.047413 * b,
                    -0.011820 * r + 0.042940 * g + 0.968881 * b);
    case Vision::protanopia:
      return to_lab(0.152286 * r + 1.052583 * g - 0.204868 * b, 0.114503 * r + 0.786281 * g + 0.099216 * b,
                    -0.003882 * r - 0.048116 * g + 1.051998 * b);
  }
  return {};
}

double distance(const Lab& p, const Lab& q) { return std::hypot(p.l - q.l, p.a - q.a, p.b - q.b); }

}  // namespace

TEST(Palette, NeighbouringGroupsStayDistinctForColourBlindStudents) {
  // Groups are usually consecutive blocks: every pair among the first seven must differ.
  for (Vision vision : {Vision::normal, Vision::deuteranopia, Vision::protanopia}) {
    for (int i = 0; i < palette_size; ++i) {
      for (int j = i + 1; j < palette_size; ++j) {
        const double delta = distance(seen_as(group_colour(i), vision), seen_as(group_colour(j), vision));
        EXPECT_GT(delta, 10.0) << "groups " << i << " and " << j << " under vision " << static_cast<int>(vision);
      }
    }
  }
}

TEST(Palette, IdleGreyDiffersFromEveryGroup) {
  for (Vision vision : {Vision::normal, Vision::deuteranopia, Vision::protanopia}) {
    for (int group = 0; group < 3 * palette_size; ++group) {
      const double delta = distance(seen_as(group_colour(group), vision), seen_as(group_colour(-1), vision));
      EXPECT_GT(delta, 10.0) << "group " << group << " under vision " << static_cast<int>(vision);
    }
  }
  EXPECT_EQ(group_colour(-1), idle_grey);
  EXPECT_EQ(group_colour(-7), idle_grey);
}

TEST(Palette, LaterRoundsDifferFromTheFirst) {
  for (int group = 0; group < palette_size; ++group) {
    EXPECT_GT(distance(seen_as(group_colour(group), Vision::normal), seen_as(group_colour(group + palette_size), Vision::normal)), 10.0);
  }
}

TEST(Palette, ShadeDarkensButKeepsTheGroup) {
  const PackedColour full = shaded_group_colour(1, 1.f);
  const PackedColour dim = shaded_group_colour(1, 0.f);
  EXPECT_EQ(full, group_colour(1));
  EXPECT_LT(luminance(dim), luminance(full));
  EXPECT_GT(luminance(dim), 0.f);  // never black: it still reads as its group
}

TEST(Palette, LabelsOnCellsKeepContrast) {
  for (int group = -1; group < 3 * palette_size; ++group) {
    for (float shade : {0.f, 0.5f, 1.f}) {
      const PackedColour cell = shaded_group_colour(group, shade);
      const float text = luminance(text_colour_on(cell)), back = luminance(cell);
      const float ratio = (std::max(text, back) + 0.05f) / (std::min(text, back) + 0.05f);
      EXPECT_GE(ratio, 4.5f) << "group " << group << " shade " << shade;
    }
  }
}
